/** Puts the page's `<meta name=…>` that the server writes (server/http/spa-document.ts), or removes it (null). */
export function setPageMeta(name: string, content: string | null): void {
  for (const old of document.head.querySelectorAll(`meta[name="${name}"]`)) old.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}
