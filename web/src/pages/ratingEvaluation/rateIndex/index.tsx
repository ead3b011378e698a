import ScreenFrame from '../../../components/ScreenFrame';

/** 企业考核: a titled frame until the screen is built. */
export default function RateIndex() {
  return <ScreenFrame screen="rateIndex" />;
}
