import ScreenFrame from '../../components/ScreenFrame';

/** 信息管理: a titled frame until the screen is built. */
export default function InforManagement() {
  return <ScreenFrame screen="inforManagement" />;
}
