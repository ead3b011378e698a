import ScreenFrame from '../../components/ScreenFrame';

/** 日常值守: a titled frame until the screen is built. */
export default function DailyDuty() {
  return <ScreenFrame screen="dailyDuty" />;
}
