import ScreenFrame from '../../../components/ScreenFrame';

/** 总量设置: a titled frame until the screen is built. */
export default function Sum() {
  return <ScreenFrame screen="sum" />;
}
