/** Attachments as a form value: a list of uploaded files ({url, name, type}); add several, remove any. */
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, List, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { ACCEPT, MAX_MB, type Purpose, uploadFile } from './service';
import UploadLink from './UploadLink';
import './uploads.css';

export interface Attached {
  url: string;
  name: string;
  type: string;
}

interface Props {
  value?: Attached[];
  onChange?: (files: Attached[]) => void;
  id?: string;
  purpose?: Purpose;
  max?: number;
}

export default function FileUpload({ value = [], onChange, id, purpose = 'notice', max = 20 }: Props) {
  const [busy, setBusy] = useState(0);
  const add = async (file: File) => {
    setBusy((n) => n + 1);
    try {
      const up = await uploadFile(file, purpose);
      onChange?.([...(value ?? []), { url: up.url, name: up.name, type: up.type }]);
    } catch (err) {
      void toast().error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`, 5);
    } finally {
      setBusy((n) => n - 1);
    }
  };
  return (
    <div id={id} className="file-upload">
      <Upload
        accept={ACCEPT[purpose]}
        showUploadList={false}
        disabled={value.length >= max}
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0} disabled={value.length >= max}>
          上传附件
        </Button>
      </Upload>
      <span className="upload-hint"> PDF、Word、Excel、图片，单个不超过 {MAX_MB} MB</span>
      {value.length ? (
        <List
          size="small"
          dataSource={value}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button
                  key="x"
                  type="text"
                  size="small"
                  aria-label={`移除 ${f.name}`}
                  icon={<CloseOutlined />}
                  onClick={() => onChange?.(value.filter((v) => v.url !== f.url))}
                />,
              ]}
            >
              <UploadLink url={f.url} name={f.name} type={f.type} />
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}
