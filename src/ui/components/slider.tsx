import {
  Slider as AriaSlider,
  type SliderProps as AriaSliderProps,
  Label,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';

export interface SliderProps extends Omit<AriaSliderProps<number>, 'className' | 'children'> {
  label: string;
}

/** A single-value slider (e.g. a criterion's weight 0–5) with its value shown beside the label. */
export function Slider({ label, ...props }: SliderProps) {
  return (
    <AriaSlider {...props} className="rac-slider">
      <div className="rac-slider-head">
        <Label>{label}</Label>
        <SliderOutput className="rac-slider-output" />
      </div>
      <SliderTrack className="rac-slider-track">
        {({ state }) => (
          <>
            <span className="rac-slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className="rac-slider-thumb" />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
