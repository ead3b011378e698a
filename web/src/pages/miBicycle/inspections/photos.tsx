/** Field photos in a list cell: thumbnails read through the session, large on a click (a preview group per row). */
import { Image } from 'antd';
import { UploadImage } from '../../../components/uploads';

export function Photos({ photos, alt }: { photos: string[]; alt: string }) {
  if (!photos.length) return <>—</>;
  return (
    <Image.PreviewGroup>
      {photos.map((url) => (
        <UploadImage key={url} url={url} width={48} height={48} alt={alt} />
      ))}
    </Image.PreviewGroup>
  );
}

/** A cell's value or —. */
export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** A position as lon, lat (6 decimals), or —. */
export const position = (lon: number | null, lat: number | null) => (lon === null || lat === null ? '—' : `${lon.toFixed(6)}, ${lat.toFixed(6)}`);
