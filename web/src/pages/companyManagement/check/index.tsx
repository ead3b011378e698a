import ScreenFrame from '../../../components/ScreenFrame';

/** 区域核准数量: a titled frame until the screen is built. */
export default function Check() {
  return <ScreenFrame screen="check" />;
}
