import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraProblem } from './camera-problem';
import { createQrReader, type QrReader } from './qr-reader';

export type ScannerState = { kind: 'starting' } | { kind: 'scanning'; engine: QrReader['engine'] } | { kind: 'problem'; message: string };

/** What the caller does with a code read: `stop` ends scanning (the camera goes off), `continue` reads on. */
export type CodeVerdict = 'stop' | 'continue';

/** A pause between two reads: a phone keeps up, and the decoder does not hold the page. */
const READ_EVERY_MS = 120;

/** One read of the current frame; a frame the reader cannot take (thrown or rejected) reads as no code, so scanning goes on. */
async function readOnce(qr: QrReader, video: HTMLVideoElement): Promise<string | null> {
  try {
    return await qr.read(video);
  } catch {
    return null;
  }
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * While `active`, shows the rear camera in `video` and reads QR codes from it, handing each new
 * text to `onCode`. The camera is turned off as soon as `active` ends or the component goes away
 * (the dialog closes), and when `onCode` says `stop`.
 */
export function useQrScanner(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (text: string) => CodeVerdict,
): ScannerState {
  const [state, setState] = useState<ScannerState>({ kind: 'starting' });
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const end = () => {
      stopped = true;
      stopTracks(stream);
      if (video.current) video.current.srcObject = null;
    };
    const run = async () => {
      setState({ kind: 'starting' });
      const media = typeof navigator.mediaDevices?.getUserMedia === 'function' ? navigator.mediaDevices : null;
      if (!media) {
        setState({ kind: 'problem', message: cameraProblem(null, { secure: window.isSecureContext, hasCamera: false }) });
        return;
      }
      // The decoder downloads (when needed) while the person answers the camera prompt.
      const reader = createQrReader();
      reader.catch(() => undefined);
      try {
        stream = await media.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setState({ kind: 'problem', message: cameraProblem(error, { secure: window.isSecureContext, hasCamera: true }) });
        return;
      }
      if (stopped || !video.current) return end();
      const element = video.current;
      element.srcObject = stream;
      // Not awaited: play() settles only once the first frame arrives, and the loop below waits
      // for frames itself, so a slow camera shows "Point the camera" rather than a stuck start.
      void element.play().catch(() => undefined);
      let qr: QrReader;
      try {
        qr = await reader;
      } catch {
        if (!stopped) setState({ kind: 'problem', message: 'The code reader could not be loaded. Type the order number instead.' });
        return end();
      }
      if (stopped) return;
      setState({ kind: 'scanning', engine: qr.engine });
      let last = '';
      while (!stopped) {
        const text = element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await readOnce(qr, element) : null;
        if (stopped) return;
        // A code held in view is handed over once, not every frame.
        if (text !== null && text !== last) {
          last = text;
          if (onCodeRef.current(text) === 'stop') return end();
        }
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
    };
    void run();
    return end;
  }, [active, video]);

  return state;
}
