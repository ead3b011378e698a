/** One uploaded photo as a form value (its /uploads/… address): pick, preview, replace, remove. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { ACCEPT, MAX_MB, type Purpose, uploadFile } from './service';
import UploadImage from './UploadImage';
import './uploads.css';

interface Props {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
  purpose?: Purpose;
  alt: string;
}

export default function ImageUpload({ value, onChange, id, purpose = 'idcard', alt }: Props) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    setBusy(true);
    try {
      const up = await uploadFile(file, purpose);
      onChange?.(up.url);
      void toast().success('上传成功');
    } catch (err) {
      void toast().error(err instanceof Error ? err.message : '上传失败，请稍后再试', 5);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start" id={id} className="upload-image">
      {value ? <UploadImage url={value} alt={alt} width={144} height={90} /> : null}
      <Space direction="vertical" size={4}>
        <Upload
          accept={ACCEPT[purpose]}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${alt}`}>
            {value ? '重新上传' : `上传${alt}`}
          </Button>
        </Upload>
        {value ? (
          <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            移除
          </Button>
        ) : (
          <span className="upload-hint">PNG、JPG、WEBP，不超过 {MAX_MB} MB</span>
        )}
      </Space>
    </Space>
  );
}
