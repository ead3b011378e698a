import ScreenFrame from '../../components/ScreenFrame';

/** 站点管理: a titled frame until the screen is built. */
export default function DeviceManagement() {
  return <ScreenFrame screen="deviceManagement" />;
}
