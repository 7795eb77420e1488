import { useActorRef, useSelector } from '@xstate/react';
import { useAppActors } from './app-context';

interface ProtectedImageProps {
  src: string | null;
  alt: string;
  className?: string;
  size: number;
}

/** An image the server only gives with the token (SEED-SPEC §7), run by the protected-image machine. */
export function ProtectedImage(props: ProtectedImageProps) {
  // One machine per image path: a new path is a new image to fetch.
  return <LoadedImage key={props.src ?? ''} {...props} />;
}

function LoadedImage({ src, alt, className, size }: ProtectedImageProps) {
  const { logic } = useAppActors();
  const image = useActorRef(logic.image, { input: { src } });
  const url = useSelector(image, (s) => (s.matches('shown') ? s.context.url : null));
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
