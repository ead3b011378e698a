/**
 * 扫码: reads a QR code with the back camera where the browser has BarcodeDetector (Chrome on
 * Android); elsewhere the button is not shown and the code is typed.
 */
import { ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | undefined => (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can read codes from the camera. */
const canScan = () => typeof detectorClass() === 'function' && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

function Scanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useRef(onCode);
  found.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let on = true;
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: ['qr_code', 'code_128', 'ean_13', 'data_matrix'] });
    const tick = async () => {
      const v = video.current;
      if (!on || !v) return;
      if (v.readyState >= 2) {
        const codes = await detector.detect(v).catch(() => []);
        const text = codes[0]?.rawValue?.trim();
        if (text && on) {
          found.current(text);
          return;
        }
      }
      timer = setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (!on) return s.getTracks().forEach((t) => t.stop());
        const v = video.current!;
        v.srcObject = s;
        await v.play().catch(() => undefined);
        void tick();
      })
      .catch((err: unknown) => {
        const denied = err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError');
        setError(denied ? '无法打开摄像头：请允许本网站使用摄像头，或直接输入编号。' : '无法打开摄像头：请直接输入编号。');
      });
    return () => {
      on = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <Modal open title="扫码" footer={null} onCancel={onClose} destroyOnHidden centered width={360}>
      {error ? (
        <Alert type="warning" showIcon title={error} />
      ) : (
        <>
          <video ref={video} className="field-scan-video" muted playsInline aria-label="摄像头画面" />
          <p className="field-hint">将二维码放在框内，识别后自动填入</p>
        </>
      )}
    </Modal>
  );
}

/** The 扫码 button (none where the browser cannot scan) and its camera dialog. */
export default function ScanButton({ onCode }: { onCode: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!canScan()) return null;
  return (
    <>
      <Button icon={<ScanOutlined />} onClick={() => setOpen(true)} size="large">
        扫码
      </Button>
      {open && (
        <Scanner
          onClose={() => setOpen(false)}
          onCode={(text) => {
            setOpen(false);
            onCode(text);
          }}
        />
      )}
    </>
  );
}
