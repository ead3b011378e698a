import ScreenFrame from '../../../components/ScreenFrame';

/** 站外还车扣费: a titled frame until the screen is built. */
export default function BikeOutSideFee() {
  return <ScreenFrame screen="bikeOutSideFee" />;
}
