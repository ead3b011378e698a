/** Several photos as a form value (their /uploads/… addresses): add up to `max`, see each, remove any. */
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import { toast } from '../../app/feedback';
import { ACCEPT, MAX_MB, type Purpose, uploadFile } from './service';
import UploadImage from './UploadImage';
import './uploads.css';

interface Props {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
  purpose: Purpose;
  alt: string;
  max?: number;
}

export default function PhotosUpload({ value = [], onChange, id, purpose, alt, max = 9 }: Props) {
  const [busy, setBusy] = useState(0);
  // several files picked at once arrive one by one, before the form renders again: each adds to the latest list
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const add = async (file: File) => {
    setBusy((n) => n + 1);
    try {
      const up = await uploadFile(file, purpose);
      change([...latest.current, up.url].slice(0, max));
    } catch (err) {
      void toast().error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`, 5);
    } finally {
      setBusy((n) => n - 1);
    }
  };
  const remove = (url: string) => change(value.filter((v) => v !== url));
  const full = value.length >= max;
  return (
    <div id={id} className="photos-upload">
      <Space size={8} wrap align="start">
        {value.map((url, i) => (
          <div key={url} className="photos-upload-item">
            <UploadImage url={url} alt={`${alt} ${i + 1}`} width={96} height={72} />
            <Button type="text" size="small" danger aria-label={`移除${alt} ${i + 1}`} icon={<CloseOutlined />} onClick={() => remove(url)} />
          </div>
        ))}
      </Space>
      <div>
        <Upload
          accept={ACCEPT[purpose]}
          multiple
          showUploadList={false}
          disabled={full}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} disabled={full}>
            上传{alt}
          </Button>
        </Upload>
        <span className="upload-hint">
          {' '}
          PNG、JPG、WEBP，单张不超过 {MAX_MB} MB，最多 {max} 张
        </span>
      </div>
    </div>
  );
}
