/**
 * dayjs for the app: Mexican Spanish registered, and the default locale following the active language
 * (months and weekdays in Spanish once the user picks Spanish). Modules that format dates, and those
 * that render Mantine's date pickers (which need es-mx registered), import it from here rather than
 * from 'dayjs': the sign-in screens show no dates, and dayjs is then not part of their code.
 */
import { i18n } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/es-mx';
import { dayjsLocale } from './locale-format';

const followLanguage = () => {
  if (i18n.locale) dayjs.locale(dayjsLocale(i18n.locale));
};
followLanguage();
i18n.on('change', followLanguage);

export { dayjs };
