/**
 * The checkbox filter groups of the ticket lists: status, carrier, carrier mode,
 * destination and order. From 992 px each group is a button in the page header that opens its
 * checkboxes; on phones all groups stack in a drawer.
 */
import { Badge, Button, Checkbox, Popover, Radio, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown } from '@tabler/icons-react';
import { TICKET_TOASTS } from '../../../lib/messages';
import { useStatusLabel } from '../../../components/status-badge';
import { useCarriers, useDestinations } from '../../../lib/lookups';
import { statusOptionsOf, type FilterGroupKey, type ListParams, type TicketListConfig } from '../list-params';
import { useErrorToast } from './use-error-toast';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterGroup {
  key: FilterGroupKey;
  label: string;
  options: FilterOption[];
  /** 'order' picks one; the others pick any number. */
  single: boolean;
}

export type FilterValues = Pick<ListParams, 'status' | 'carrier' | 'mode' | 'destination' | 'order'>;

export function useFilterGroups(config: TicketListConfig): FilterGroup[] {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const wants = (key: FilterGroupKey) => config.filters.includes(key);
  const carriers = useCarriers(wants('carrier'));
  const destinations = useDestinations(wants('destination'));
  useErrorToast(carriers.isError, TICKET_TOASTS.carriersError);
  useErrorToast(destinations.isError, TICKET_TOASTS.destinationsError);

  const groups: FilterGroup[] = [];
  if (wants('status') && !config.fixedStatuses) {
    const options = statusOptionsOf(config).map((status) => ({ value: status, label: statusLabel(status) }));
    groups.push({ key: 'status', label: t`Status`, options, single: false });
  }
  if (wants('carrier')) {
    const options = (carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.businessName }));
    groups.push({ key: 'carrier', label: t`Carrier`, options, single: false });
  }
  if (wants('mode')) {
    const options = [
      { value: 'TRUCK', label: t`Truck` },
      { value: 'RAILCAR', label: t`Railcar` },
    ];
    groups.push({ key: 'mode', label: t`Carrier mode`, options, single: false });
  }
  if (wants('destination')) {
    const options = (destinations.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
    groups.push({ key: 'destination', label: t`Destination`, options, single: false });
  }
  if (wants('order')) {
    const options = [
      { value: 'DESC', label: t`Newest first` },
      { value: 'ASC', label: t`Oldest first` },
    ];
    groups.push({ key: 'order', label: t`Order by`, options, single: true });
  }
  return groups;
}

export interface FilterGroupsProps {
  groups: FilterGroup[];
  values: FilterValues;
  onChange: (key: FilterGroupKey, values: string[]) => void;
}

function GroupInputs({
  group,
  values,
  onChange,
  size = 'sm',
}: { group: FilterGroup; size?: 'sm' | 'md' } & Omit<FilterGroupsProps, 'groups'>) {
  const { t } = useLingui();
  if (group.options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t`Loading…`}
      </Text>
    );
  }
  if (group.single) {
    return (
      <Radio.Group value={values.order} onChange={(value) => onChange(group.key, [value])} aria-label={group.label}>
        <Stack gap={size === 'md' ? 'md' : 'sm'}>
          {group.options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} size={size} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  const key = group.key as Exclude<FilterGroupKey, 'order'>;
  return (
    <Checkbox.Group value={values[key]} onChange={(next) => onChange(group.key, next)} aria-label={group.label}>
      <Stack gap={size === 'md' ? 'md' : 'sm'}>
        {group.options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} size={size} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

const chosenCount = (group: FilterGroup, values: FilterValues): number =>
  group.key === 'order' ? (values.order === 'ASC' ? 1 : 0) : values[group.key].length;

/** Desktop: one button per group opening its checkboxes. */
export function FilterButtons({ groups, values, onChange }: FilterGroupsProps) {
  return groups.map((group) => {
    const count = chosenCount(group, values);
    return (
      <Popover key={group.key} position="bottom-start" shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Button
            variant={count > 0 ? 'light' : 'default'}
            size="sm"
            rightSection={<IconChevronDown size={14} />}
            data-filter={group.key}
          >
            {group.label}
            {count > 0 && group.key !== 'order' && (
              <Badge size="xs" circle ml={6} variant="filled">
                {count}
              </Badge>
            )}
          </Button>
        </Popover.Target>
        <Popover.Dropdown miw={200}>
          <GroupInputs group={group} values={values} onChange={onChange} />
        </Popover.Dropdown>
      </Popover>
    );
  });
}

/** Phones: every group stacked, for the filter drawer. */
export function FilterStack({ groups, values, onChange }: FilterGroupsProps) {
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Stack key={group.key} gap="xs">
          <Title order={3} fz="sm" tt="uppercase" c="dimmed" fw={700}>
            {group.label}
          </Title>
          <GroupInputs group={group} values={values} onChange={onChange} size="md" />
        </Stack>
      ))}
    </Stack>
  );
}
