import FilterPresetBar from '../../components/FilterPresetBar';
import ScreenFrame from '../../components/ScreenFrame';

/** 米单车管理: a titled frame until the screen is built, with the filter preset a link passed (home to-do list). */
export default function MiBicycle() {
  return (
    <ScreenFrame screen="miBicycle">
      <FilterPresetBar />
    </ScreenFrame>
  );
}
