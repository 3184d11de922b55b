import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { FocalPoint } from '#contract/device-crop.ts';

const STEP = 0.01;
const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/**
 * The picture with a marker where the eye goes (decision 028): a click or a drag moves it, and
 * the arrow keys move it by 1 % (Shift: 10 %).
 */
export function FocalPointPicker({
  src,
  alt,
  value,
  onChange,
}: {
  src: string;
  alt: string;
  value: FocalPoint;
  onChange: (value: FocalPoint) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const moveTo = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    onChange({
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? STEP * 10 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ x: clamp(value.x + move[0]), y: clamp(value.y + move[1]) });
  };

  return (
    <div
      className="focal-picker"
      ref={frame}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons) moveTo(event);
      }}
    >
      <img src={src} alt={alt} draggable={false} />
      <span
        className="focal-picker__marker"
        role="slider"
        tabIndex={0}
        aria-label="Focal point"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value.x * 100)}
        aria-valuetext={`${Math.round(value.x * 100)} % across, ${Math.round(value.y * 100)} % down`}
        style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
