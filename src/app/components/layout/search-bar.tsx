import { ActionIcon, CloseButton, Group, Select, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '../../../shared/domain/roles';
import { applySearch, isSearchKey, readSearch, type SearchField, type SearchKey } from './search-fields';
import { searchTarget } from './search-lists';

export interface SearchBarProps {
  /** The fields of the user's role, in menu order; the first is the default. */
  fields: readonly SearchField[];
  /** The area's ticket list, where a search from a page that is not a list lands. */
  home: string;
  /** Whose ticket lists keep a search made on them. */
  role: Role;
}

/**
 * Field selector + text; submitting puts `?{field}={text}` on the area's ticket list. The bar follows
 * the URL: a link with a search shows it, leaving the list clears it (a new URL starts a fresh form).
 */
export function SearchBar({ fields, home, role }: SearchBarProps) {
  const location = useLocation();
  const target = searchTarget(role, location.pathname, home);
  const active = location.pathname === target ? readSearch(new URLSearchParams(location.search)) : null;
  const shown = active && fields.some((field) => field.key === active.key) ? active : null;
  return (
    <SearchForm
      key={`${location.pathname}?${location.search}`}
      fields={fields}
      home={target}
      role={role}
      initialKey={shown?.key ?? fields[0]?.key ?? 'ticketId'}
      initialValue={shown?.value ?? ''}
    />
  );
}

interface SearchFormProps extends SearchBarProps {
  initialKey: SearchKey;
  initialValue: string;
}

function SearchForm({ fields, home, initialKey, initialValue }: SearchFormProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const [key, setKey] = useState<SearchKey>(initialKey);
  const [value, setValue] = useState(initialValue);

  const go = (search: { key: SearchKey; value: string } | null) => {
    const base = location.pathname === home ? new URLSearchParams(location.search) : new URLSearchParams();
    const params = applySearch(base, search);
    const query = params.toString();
    void navigate({ pathname: home, search: query ? `?${query}` : '' });
  };

  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (key === 'ticketId' && value.trim() !== '') {
      // Trips are written '#123' everywhere in the portal, so '#123' is read as trip 123; anything else
      // that is not a whole number is refused with a message, never searched as something else.
      const trip = /^#?\s*(\d{1,9})$/.exec(value.trim());
      if (!trip) {
        setRefusal(t`A trip ID is a number, such as 123.`);
        return;
      }
      go({ key, value: trip[1]! });
      return;
    }
    go({ key, value });
  };

  const label = fields.find((field) => field.key === key)?.label;
  const fieldName = label ? i18n._(label) : '';

  return (
    <form role="search" onSubmit={onSubmit} style={{ width: '100%' }}>
      <Group gap={0} wrap="nowrap" w="100%">
        <Select
          aria-label={t`Search by`}
          data={fields.map((field) => ({ value: field.key, label: i18n._(field.label) }))}
          value={key}
          onChange={(next) => {
            if (isSearchKey(next)) setKey(next);
          }}
          allowDeselect={false}
          withCheckIcon={false}
          comboboxProps={{ width: 170, position: 'bottom-start' }}
          w={{ base: 146, sm: 150 }}
          styles={{ input: { borderTopRightRadius: 0, borderBottomRightRadius: 0, fontWeight: 500 } }}
        />
        <Tooltip label={refusal} opened={refusal !== null} color="red" position="bottom-start" withArrow>
          <TextInput
            aria-label={t`Search text`}
            placeholder={fieldName ? t`Search by ${fieldName}` : t`Search`}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setRefusal(null);
            }}
            error={refusal !== null}
            aria-describedby={refusal ? refusalId : undefined}
            style={{ flex: 1, minWidth: 0 }}
            styles={{ input: { borderRadius: 0, borderLeft: 0 } }}
            rightSection={
              value ? (
                <CloseButton
                  size="sm"
                  aria-label={t`Clear search`}
                  onClick={() => {
                    setValue('');
                    if (location.pathname === home && readSearch(new URLSearchParams(location.search))) go(null);
                  }}
                />
              ) : null
            }
          />
        </Tooltip>
        <ActionIcon
          type="submit"
          size={36}
          aria-label={t`Search`}
          style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Group>
      {refusal && (
        <VisuallyHidden id={refusalId} role="alert">
          {refusal}
        </VisuallyHidden>
      )}
    </form>
  );
}
