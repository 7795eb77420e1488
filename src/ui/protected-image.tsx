import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';

/** An image the server only gives with the token (SEED-SPEC §7: photos are fetched as blobs). */
export function ProtectedImage({
  api,
  src,
  alt,
  className,
  size,
}: {
  api: ApiClient;
  src: string | null;
  alt: string;
  className?: string;
  size: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!src) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    api.blob(src).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => setUrl(null),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, src]);
  if (!url)
    return (
      <span
        className={`avatar-empty ${className ?? ''}`}
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
    );
  return <img src={url} alt={alt} width={size} height={size} className={className} />;
}
