import { dayjs } from '../../lib/dayjs';

/** The spec's RPA date format, in the user's time zone. */
export const RPA_DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const formatRpaDate = (iso: string) => dayjs(iso).format(RPA_DATE_FORMAT);
