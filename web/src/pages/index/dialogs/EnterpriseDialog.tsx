import BrandDetail from './BrandDetail';
import HomeModal from './HomeModal';

/** 企业信息 dialog. */
export default function EnterpriseDialog({ brandId, brandName }: { brandId: number; brandName: string }) {
  return (
    <HomeModal title={`企业信息 · ${brandName}`} width={820}>
      <BrandDetail brandId={brandId} />
    </HomeModal>
  );
}
