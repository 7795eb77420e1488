import type { ReactNode } from 'react';

/** One screen's frame: the document title and the page heading, then the screen's content. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <title>{`${title} · Matchwerk`}</title>
      <h1 id="screen-title">{title}</h1>
      {children}
    </section>
  );
}
