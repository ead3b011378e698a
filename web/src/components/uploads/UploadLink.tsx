/**
 * An attachment by name: a click fetches it with the session's token; a PDF or an image opens in a
 * new tab, other files (docx, xlsx) download under their own name.
 */
import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { fetchUpload } from './service';

const opensInTab = (type: string) => type === 'application/pdf' || type.startsWith('image/');

/** The type of a stored file by its extension (stored names carry the sniffed kind: /uploads/{hex}.pdf). */
function typeOfUrl(url: string): string {
  const ext = url.split(/[?#]/)[0].split('.').pop()?.toLowerCase();
  return ext === 'pdf'
    ? 'application/pdf'
    : ext === 'png' || ext === 'webp'
      ? `image/${ext}`
      : ext === 'jpg' || ext === 'jpeg'
        ? 'image/jpeg'
        : 'application/octet-stream';
}

interface Props {
  url: string;
  name: string;
  /** the sniffed MIME type the server gave; without it, the stored name's extension tells */
  type?: string;
}

export default function UploadLink({ url, name, type: given }: Props) {
  const type = given ?? typeOfUrl(url);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // opened before the fetch so that the browser counts it as the click's own window
    const tab = opensInTab(type) ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const blob = await fetchUpload(url);
      const href = URL.createObjectURL(blob);
      if (tab) {
        tab.location.href = href;
      } else {
        const a = document.createElement('a');
        a.href = href;
        a.download = name;
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (err) {
      tab?.close();
      void toast().error(err instanceof Error ? err.message : '文件打开失败', 5);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<PaperClipOutlined />} loading={busy} onClick={() => void open()}>
      {name}
    </Button>
  );
}
