import ScreenFrame from '../../components/ScreenFrame';

/** 米单车管理: a titled frame until the screen is built. */
export default function MiBicycle() {
  return <ScreenFrame screen="miBicycle" />;
}
