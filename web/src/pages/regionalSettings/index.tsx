import ScreenFrame from '../../components/ScreenFrame';

/** 区域设置: a titled frame until the screen is built. */
export default function RegionalSettings() {
  return <ScreenFrame screen="regionalSettings" />;
}
