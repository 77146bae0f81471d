import type { CalendarDate, Time } from '@internationalized/date';
import { DateInput, DateSegment, I18nProvider, Label, TimeField } from 'react-aria-components';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { koreanCalendarToday } from '../../../lib/korean-time.ts';
import type { SendChannel } from '../api/messaging-types.ts';
import { CalendarDatePicker } from '../../../components/ui/calendar-date-picker.tsx';

export type SendingMode = 'immediate' | 'scheduled';

export interface SendingTimeValue {
  mode: SendingMode;
  date: CalendarDate | null;
  time: Time | null;
}

export const IMMEDIATE: SendingTimeValue = { mode: 'immediate', date: null, time: null };

interface SendingTimeProps {
  channel: SendChannel;
  value: SendingTimeValue;
  onChange: (value: SendingTimeValue) => void;
}

/** Sending Time: Immediate, or Scheduled on a day and at a time in Korea (SMS only: KakaoTalk cannot be scheduled). */
export function SendingTime({ channel, value, onChange }: SendingTimeProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SegmentedChoice
        label="Sending Time"
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode })}
        options={[
          { id: 'immediate', label: 'Immediate' },
          { id: 'scheduled', label: 'Scheduled', isDisabled: channel === 'kakao' },
        ]}
      />
      {value.mode === 'scheduled' && (
        <>
          <CalendarDatePicker
            label="Sending date"
            value={value.date}
            minValue={koreanCalendarToday()}
            onChange={(date) => onChange({ ...value, date })}
          />
          <I18nProvider locale="ko-KR">
            <TimeField
              value={value.time}
              onChange={(time) => onChange({ ...value, time })}
              hourCycle={24}
              granularity="minute"
              className="flex flex-col gap-1.5"
            >
              <Label className="sr-only">Sending time of day</Label>
              <DateInput className="flex h-10 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/40">
                {(segment) => (
                  <DateSegment
                    segment={segment}
                    className="rounded px-0.5 tabular-nums outline-none data-placeholder:text-slate-600 data-[type=literal]:px-0 focus:bg-brand-700 focus:text-white"
                  />
                )}
              </DateInput>
            </TimeField>
          </I18nProvider>
        </>
      )}
    </div>
  );
}
