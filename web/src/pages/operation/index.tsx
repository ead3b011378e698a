import ScreenFrame from '../../components/ScreenFrame';

/** 运营统计: a titled frame until the screen is built. */
export default function Operation() {
  return <ScreenFrame screen="operation" />;
}
