import ScreenFrame from '../../components/ScreenFrame';

/** 异常列表: a titled frame until the screen is built. */
export default function Warn() {
  return <ScreenFrame screen="warn" />;
}
