/**
 * R-PARAM-11: a form a system parameter has switched off says so, naming the parameter, rather
 * than telling the user they lack permission: the route guard's dialog and the screens that stay
 * in the menu while off (AI-Assisted Query, R-NLQ-11) share these words.
 */
import type { TFunction } from 'i18next';
import { formNameOf } from '@dispatch/domain/menu/form-name';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import type { ServerConfig } from '@dispatch/domain/settings/config';
import {
  parameterSwitchingOff,
  switchedOffMessage,
  systemParameterCatalogue,
} from '@dispatch/domain/settings/system-parameters';

export type SwitchedOff = { readonly title: string; readonly text: string; readonly hint: string };

/** What to tell the user when `entry` is switched off by a system parameter; null when it is not. */
export function switchedOffNotice(
  t: TFunction,
  entry: MenuEntry,
  server: ServerConfig,
): SwitchedOff | null {
  const key = parameterSwitchingOff(entry.enumId, entry.id, server);
  if (key === null) return null;
  const form = formNameOf(entry.id);
  const parameter = t(`systemParameters.parameters.${key}.label`, {
    defaultValue: systemParameterCatalogue[key].label,
  });
  return {
    title: t('dialogs.switchedOffTitle'),
    text: t('dialogs.switchedOffText', {
      form,
      parameter,
      defaultValue: switchedOffMessage(form, parameter),
    }),
    hint: t('dialogs.switchedOffHint'),
  };
}
