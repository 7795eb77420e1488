import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of PRODUCT.md §8. The SPA is built by Vite into external module
 * scripts and stylesheets, so nothing inline is allowed but one known style by its hash; React's
 * style props are CSSOM and need no 'unsafe-inline'. Images may be data: or blob: URLs (the favicon, photo previews).
 */
/** sha256 of react-aria's pressable style (react-aria/dist/private/interactions/usePress.mjs). */
export const REACT_ARIA_PRESSABLE_STYLE_HASH = 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // react-aria's usePress adds one fixed <style> (touch-action for pressable elements); its hash allows
  // exactly that text (security-headers.test.ts recomputes it from the installed react-aria).
  `style-src 'self' '${REACT_ARIA_PRESSABLE_STYLE_HASH}'`,
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'self'",
].join('; ');

/** Browser features the app never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * One middleware, registered first, so every response gets these headers: SPA documents, static
 * assets, API answers, the development pages, errors and not-founds. Referrer-Policy is the one
 * header a handler may set itself (token pages send no-referrer); every other value is fixed here.
 */
export function securityHeaders(options: { publicOrigin: string }): MiddlewareHandler {
  const fixed: [string, string][] = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (new URL(options.publicOrigin).protocol === 'https:') fixed.push(['Strict-Transport-Security', HSTS]);
  return async (c, next) => {
    await next();
    // A response built with immutable headers (Response.redirect, a fetched one) is copied first.
    if (!mutable(c.res.headers)) c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    for (const [name, value] of fixed) headers.set(name, value);
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  };
}

function mutable(headers: Headers): boolean {
  try {
    headers.delete('X-Powered-By');
    return true;
  } catch {
    return false;
  }
}
