import ScreenFrame from '../../../components/ScreenFrame';

/** 站点同步: a titled frame until the screen is built. */
export default function SiteSync() {
  return <ScreenFrame screen="siteSync" />;
}
