import ScreenFrame from '../../../components/ScreenFrame';

/** 企业信息: a titled frame until the screen is built. */
export default function Company() {
  return <ScreenFrame screen="company" />;
}
