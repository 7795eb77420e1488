import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { DropZone, type FileDropItem, FileTrigger, Text } from 'react-aria-components';
import { Button } from './button';
import { Slider } from './slider';

export interface FilePickerProps {
  /** What to choose, e.g. "Photo". */
  label: string;
  /** MIME types, e.g. ['image/jpeg', 'image/png', 'image/webp']. */
  acceptedFileTypes: string[];
  /** A hint under the label, e.g. "JPEG, PNG or WebP, up to 5 MB". */
  description?: string;
  onSelect: (file: File) => void;
  /** A file of another type picked through "all files": the caller says why it is not taken. */
  onRefuse?: (file: File) => void;
  isDisabled?: boolean;
}

/**
 * A styled file picker (no bare native input): drop a file on the zone or press the button to browse.
 * Only files of the accepted types are taken; the first one wins.
 */
export function FilePicker({
  label,
  acceptedFileTypes,
  description,
  onSelect,
  onRefuse,
  isDisabled,
}: FilePickerProps) {
  const accepts = (type: string) => acceptedFileTypes.includes(type);
  return (
    <DropZone
      className="file-drop"
      isDisabled={isDisabled}
      aria-label={label}
      getDropOperation={(types) => (acceptedFileTypes.some((type) => types.has(type)) ? 'copy' : 'cancel')}
      onDrop={async (event) => {
        const item = event.items.find(
          (candidate): candidate is FileDropItem => candidate.kind === 'file' && accepts(candidate.type),
        );
        if (item) onSelect(await item.getFile());
      }}
    >
      <svg className="file-drop-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
      </svg>
      <Text slot="label" className="file-drop-label">
        {label}
      </Text>
      <p className="file-drop-hint">
        <Trans>Drop a file here or</Trans>
      </p>
      <FileTrigger
        acceptedFileTypes={acceptedFileTypes}
        onSelect={(files) => {
          const all = files ? Array.from(files) : [];
          const file = all.find((f) => accepts(f.type));
          if (file) onSelect(file);
          else if (all[0]) onRefuse?.(all[0]);
        }}
      >
        <Button variant="secondary" isDisabled={isDisabled}>
          <Trans>Choose a file</Trans>
        </Button>
      </FileTrigger>
      {description && <p className="file-drop-hint">{description}</p>}
    </DropZone>
  );
}

/** A square inside an image, in the image's own pixels. */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

/** The largest centred square of a width × height image. */
export function centredSquare(width: number, height: number): CropSquare {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
}

/** Keeps a square inside the image and at least `min` pixels wide. */
export function clampSquare(square: CropSquare, width: number, height: number, min = 32): CropSquare {
  const size = Math.max(Math.min(square.size, width, height), Math.min(min, width, height));
  return {
    size,
    x: Math.min(Math.max(0, square.x), width - size),
    y: Math.min(Math.max(0, square.y), height - size),
  };
}

/** Draws the square of the image onto an output × output canvas and returns it as a JPEG. */
export function cropToBlob(image: HTMLImageElement, square: CropSquare, output = 512): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output;
  canvas.height = output;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.drawImage(image, square.x, square.y, square.size, square.size, 0, 0, output, output);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas is empty'))), 'image/jpeg', 0.9),
  );
}

export interface SquareCropProps {
  file: Blob;
  /** Edge of the produced square in pixels. */
  outputSize?: number;
  onCrop: (square: Blob) => void;
  onCancel: () => void;
  /** The browser could not draw the file as a picture. */
  onUnreadable?: () => void;
}

/**
 * The crop step (PRODUCT.md §6): the picture with a square on it; drag the square (or move it with the
 * arrow keys), set its size with the slider, then "Use this square" hands a JPEG Blob to onCrop.
 */
export function SquareCrop({ file, outputSize = 512, onCrop, onCancel, onUnreadable }: SquareCropProps) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [square, setSquare] = useState<CropSquare>({ x: 0, y: 0, size: 0 });
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; start: CropSquare; scale: number } | null>(null);

  // The object URL lives as long as this file is shown.
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const move = (next: CropSquare) => {
    if (natural) setSquare(clampSquare(next, natural.width, natural.height));
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    const rect = image.current?.getBoundingClientRect();
    if (!rect || !natural) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerX: event.clientX,
      pointerY: event.clientY,
      start: square,
      scale: natural.width / rect.width,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    move({
      ...d.start,
      x: Math.round(d.start.x + (event.clientX - d.pointerX) * d.scale),
      y: Math.round(d.start.y + (event.clientY - d.pointerY) * d.scale),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = Math.max(1, Math.round((natural?.width ?? 100) / 50)) * (event.shiftKey ? 5 : 1);
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const by = delta[event.key];
    if (!by) return;
    event.preventDefault();
    move({ ...square, x: square.x + by[0], y: square.y + by[1] });
  };

  const maxSize = natural ? Math.min(natural.width, natural.height) : 1;
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div className="square-crop">
      <div className="square-crop-stage">
        {url && (
          <img
            ref={image}
            src={url}
            alt={t`Your upload, to be cropped`}
            className="square-crop-image"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setNatural({ width, height });
              setSquare(centredSquare(width, height));
            }}
            onError={onUnreadable}
          />
        )}
        {natural && (
          <button
            type="button"
            className="square-crop-square"
            aria-label={t`Crop square: drag it or move it with the arrow keys`}
            style={{
              left: percent(square.x, natural.width),
              top: percent(square.y, natural.height),
              width: percent(square.size, natural.width),
              height: percent(square.size, natural.height),
            }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </div>
      {natural && (
        <Slider
          label={t`Size of the square`}
          minValue={Math.min(32, maxSize)}
          maxValue={maxSize}
          value={square.size}
          onChange={(size) => {
            const centre = { x: square.x + square.size / 2, y: square.y + square.size / 2 };
            move({ size, x: Math.round(centre.x - size / 2), y: Math.round(centre.y - size / 2) });
          }}
        />
      )}
      <div className="rac-dialog-actions">
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          isDisabled={!natural}
          onPress={async () => {
            if (image.current && natural) onCrop(await cropToBlob(image.current, square, outputSize));
          }}
        >
          <Trans>Use this square</Trans>
        </Button>
      </div>
    </div>
  );
}
