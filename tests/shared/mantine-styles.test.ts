/**
 * The build gives each Mantine component's CSS to the module holding its class names. These checks run
 * against the installed Mantine: an upgrade that renamed a sheet would otherwise leave a component
 * unstyled with no error.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheetOf } from '../../src/build/mantine-styles';

const installed = path.resolve('node_modules/@mantine');

function classModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.mjs'))
    .map((file) => path.join(folder, file));
}

describe("Mantine's sheets per component", () => {
  it('should pair a class-name module with its component sheet, and other modules with none', () => {
    expect(sheetOf(path.join(installed, 'core/esm/components/Button/Button.module.mjs'))).toBe(
      '@mantine/core/styles/Button.layer.css',
    );
    expect(sheetOf(path.join(installed, 'core/esm/components/Button/Button.mjs'))).toBeNull();
    expect(sheetOf(path.join(installed, 'dates/esm/components/DatePicker/DatePicker.module.mjs'))).toBe(
      '@mantine/dates/styles.layer.css',
    );
    expect(sheetOf(path.join(installed, 'notifications/esm/Notifications.module.mjs'))).toBe(
      '@mantine/notifications/styles.layer.css',
    );
    expect(sheetOf('/repo/src/app/components/data-list.module.css')).toBeNull();
  });

  it('should find a sheet for every class-name module of the installed core', () => {
    const modules = classModules(path.join(installed, 'core/esm'));
    expect(modules.length).toBeGreaterThan(90);
    expect(modules.filter((file) => sheetOf(file) === null)).toEqual([]);
  });
});
