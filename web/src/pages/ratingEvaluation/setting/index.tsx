import ScreenFrame from '../../../components/ScreenFrame';

/** 考核设置: a titled frame until the screen is built. */
export default function RateSetting() {
  return <ScreenFrame screen="rateSetting" />;
}
