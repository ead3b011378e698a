/** An uploaded image (ID card photo) with antd's preview, loaded through the session (service.ts). */
import { Image, Skeleton, Typography } from 'antd';
import { useUploadBlob } from './useUploadBlob';

export default function UploadImage({ url, alt, width = 160, height = 100 }: { url: string | null | undefined; alt: string; width?: number; height?: number }) {
  const { src, loading, error } = useUploadBlob(url);
  if (!url) return <Typography.Text type="secondary">暂无</Typography.Text>;
  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  if (loading || !src) return <Skeleton.Image active style={{ width, height }} />;
  return <Image src={src} alt={alt} width={width} height={height} style={{ objectFit: 'cover' }} />;
}
