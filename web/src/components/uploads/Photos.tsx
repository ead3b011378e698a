/**
 * Photos in a list cell or a drawer: thumbnails read through the session (an <img src> cannot send
 * it), one large on a click with ← → to the others; — when there are none.
 */
import { Image, Space } from 'antd';
import UploadImage from './UploadImage';
import './uploads.css';

interface Props {
  urls: readonly string[];
  /** what they show; each is numbered (举报照片 1, 举报照片 2 …) */
  alt: string;
  width?: number;
  height?: number;
}

export default function Photos({ urls, alt, width = 48, height = width }: Props) {
  if (!urls.length) return <>—</>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap className="upload-photos">
        {urls.map((u, i) => (
          <UploadImage key={u} url={u} alt={`${alt} ${i + 1}`} width={width} height={height} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
