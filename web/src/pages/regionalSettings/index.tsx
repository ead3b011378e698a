import FilterPresetBar from '../../components/FilterPresetBar';
import ScreenFrame from '../../components/ScreenFrame';

/** 区域设置: a titled frame until the screen is built, with the filter preset a link passed (home to-do list). */
export default function RegionalSettings() {
  return (
    <ScreenFrame screen="regionalSettings">
      <FilterPresetBar />
    </ScreenFrame>
  );
}
