import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';

/** What the drop form asks of the signature: the drawn PNG, or null when nothing is drawn. */
export interface SignatureHandle {
  png(): Promise<Blob | null>;
}

/**
 * The customer signs on the phone's screen with a finger (`signature_pad`, in the driver page's
 * chunk only). The canvas is sized to the device's pixels so strokes stay sharp.
 */
export function SignatureField({ handle, onChange }: { handle: Ref<SignatureHandle>; onChange: (signed: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(element, {
      penColor: '#0f172a',
      backgroundColor: 'rgb(255,255,255)',
    });
    signature.addEventListener('endStroke', () => onChange(!signature.isEmpty()));
    pad.current = signature;
    return () => {
      signature.off();
      pad.current = null;
    };
  }, [onChange]);

  useImperativeHandle(handle, () => ({
    // The canvas's own PNG: a data: URL would need fetch, which the app's CSP keeps to its own origin.
    png: () =>
      new Promise<Blob | null>((resolve) => {
        const element = canvas.current;
        if (!element || !pad.current || pad.current.isEmpty()) return resolve(null);
        element.toBlob((blob) => resolve(blob), 'image/png');
      }),
  }));

  return (
    <div>
      <canvas
        ref={canvas}
        aria-label="Signature: sign here with a finger"
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-slate-400 bg-white"
      />
      <button
        type="button"
        className="mt-1 min-h-12 rounded-md px-4 text-base text-slate-700 underline"
        onClick={() => {
          pad.current?.clear();
          onChange(false);
        }}
      >
        Clear signature
      </button>
    </div>
  );
}
