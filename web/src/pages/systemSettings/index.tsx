import ScreenFrame from '../../components/ScreenFrame';

/** 系统设置: a titled frame until the screen is built. */
export default function SystemSettings() {
  return <ScreenFrame screen="systemSettings" />;
}
