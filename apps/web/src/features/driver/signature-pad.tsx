/**
 * The receiver's signature (R-ETICKET-1), drawn with a finger, a stylus or a mouse (pointer
 * events), on white so it reads on the printed ticket, exported as a PNG data URL.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type PointerEvent,
  type Ref,
} from 'react';
import classes from './driver.module.css';

export type SignaturePadHandle = {
  /** The drawing as a PNG data URL, or null while nothing is drawn. */
  readonly toDataUrl: () => string | null;
  readonly clear: () => void;
};

export function SignaturePad({
  ref,
  ...props
}: {
  readonly label: string;
  readonly invalid: boolean;
  readonly onChange: (signed: boolean) => void;
  readonly ref?: Ref<SignaturePadHandle>;
  readonly describedBy?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const inked = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const onChange = useRef(props.onChange);
  useLayoutEffect(() => {
    onChange.current = props.onChange;
  });

  const paper = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    // At most twice the screen's size: sharp, and a few kilobytes as a PNG.
    const scale = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width * scale));
    element.height = Math.max(1, Math.round(height * scale));
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.lineWidth = 2.6;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0b1f33';
    inked.current = false;
  }, []);

  useEffect(() => {
    paper();
  }, [paper]);

  useImperativeHandle(
    ref,
    () => ({
      toDataUrl: () => (inked.current ? (canvas.current?.toDataURL('image/png') ?? null) : null),
      clear: () => {
        paper();
        onChange.current(false);
      },
    }),
    [paper],
  );

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const draw = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current;
    if (!context || !from) return;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
    if (!inked.current) {
      inked.current = true;
      onChange.current(true);
    }
  };

  return (
    <div className={classes.signatureBox} data-invalid={props.invalid}>
      <canvas
        ref={canvas}
        className={classes.signatureCanvas}
        role="img"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        onPointerDown={(event) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
          // A dot is a mark too.
          draw({ x: last.current.x + 0.1, y: last.current.y + 0.1 });
        }}
        onPointerMove={(event) => {
          if (last.current === null) return;
          const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
          if (events.length > 1) {
            const box = event.currentTarget.getBoundingClientRect();
            for (const each of events)
              draw({ x: each.clientX - box.left, y: each.clientY - box.top });
          } else {
            draw(point(event));
          }
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
      <div className={classes.signatureLine} />
    </div>
  );
}
