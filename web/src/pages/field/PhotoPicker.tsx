/**
 * Photos taken with the phone's camera (input type=file accept=image/* capture=environment), shrunk
 * as they are taken (shrink.ts) and shown as thumbnails that can be removed. The caller holds them.
 */
import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { shrinkPhoto } from './shrink';

export interface Photo {
  id: string;
  name: string;
  blob: Blob;
  /** blob: URL of the thumbnail (revoked when the photo goes) */
  url: string;
}

interface Props {
  value: Photo[];
  onChange: (photos: Photo[]) => void;
  max: number;
  /** the add tile's text */
  label?: string;
}

let seq = 0;

export default function PhotoPicker({ value, onChange, max, label = '拍照' }: Props) {
  const [busy, setBusy] = useState(false);
  const latest = useRef(value);
  latest.current = value;
  // the thumbnails' URLs go with the picker
  useEffect(
    () => () => {
      for (const p of latest.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const room = max - latest.current.length;
      const taken = await Promise.all(
        [...files].slice(0, room).map(async (f) => {
          const { blob, name } = await shrinkPhoto(f, f.name || 'photo.jpg');
          return { id: `p${++seq}`, name, blob, url: URL.createObjectURL(blob) };
        }),
      );
      onChange([...latest.current, ...taken]);
    } finally {
      setBusy(false);
    }
  };
  const remove = (id: string) => {
    const gone = value.find((p) => p.id === id);
    if (gone) URL.revokeObjectURL(gone.url);
    onChange(value.filter((p) => p.id !== id));
  };
  return (
    <div className="field-photos">
      {value.map((p, i) => (
        <div className="field-photo" key={p.id}>
          <img src={p.url} alt={`照片 ${i + 1}`} />
          <button type="button" className="field-photo-remove" aria-label={`删除照片 ${i + 1}`} onClick={() => remove(p.id)}>
            <CloseOutlined />
          </button>
        </div>
      ))}
      {value.length < max && (
        <label className="field-photo field-photo-add">
          {busy ? <Spin /> : <CameraOutlined className="field-photo-icon" />}
          <span>{busy ? '处理中…' : label}</span>
          <span className="field-photos-count">
            {value.length}/{max}
          </span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple={max - value.length > 1}
            aria-label={label}
            disabled={busy}
            onChange={(e) => {
              const input = e.currentTarget;
              void add(input.files).finally(() => (input.value = ''));
            }}
          />
        </label>
      )}
    </div>
  );
}
