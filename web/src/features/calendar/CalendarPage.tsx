import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  DatesSetArg,
  DayCellContentArg,
  DayHeaderContentArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
} from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '../portal';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { visuallyHidden } from '../../theme/visuallyHidden';
import {
  calendarItemsQuery,
  calendarKeys,
  moveCalendarItem,
  type CalendarHours,
  type CalendarItem,
  type Named,
} from './api';
import { CalendarFilters, type Filters } from './CalendarFilters';
import { addDays, hoursText, localDay, spanText, toCalendarEvent, toHoursEvent, toMove } from './events';
import './i18n';

const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;
// FullCalendar compares its options by identity: new arrays on each render would reset it.
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const LOCALES = [ptBrLocale];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: VIEWS.join(',') };
// The week and day views open on the working day.
const SCROLL_TIME = '07:00:00';
const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** /runtime/{appID}/calendar/{title} (spec section 2): the items of the application's calendar views. */
export default function CalendarPage() {
  const { pathname } = useLocation();
  return <CalendarScreen key={pathname} />;
}

function CalendarScreen() {
  const { t, i18n } = useTranslation('calendar');
  const params = useParams();
  const heading = useMenuTitle(params.title ?? '');
  const appID = toId(params.appID);
  const theme = useTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  // The day and view shown live in the address (?date=, ?view=), so a reload or a link keeps them.
  const [search, setSearch] = useSearchParams();
  const [initial] = useState(() => ({
    date: /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : undefined,
    view: VIEWS.find((v) => v === search.get('view')) ?? 'dayGridMonth',
  }));
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filters, setFilters] = useState<Filters>({ projectId: 0, componentId: 0, responsibleId: 0 });
  const [chosenResponsible, setChosenResponsible] = useState<Named | null>(null);
  const items = useQuery({
    ...calendarItemsQuery({ applicationId: appID, from: range?.from ?? '', to: range?.to ?? '', ...filters }),
    enabled: range !== null && appID > 0,
    placeholderData: keepPreviousData,
  });
  const data = items.data;
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';

  const events = useMemo(() => {
    const look = {
      fallbackColor: theme.palette.primary.main,
      textOn: (color: string) => theme.palette.getContrastText(color),
    };
    const items = (data?.events ?? []).map((item) =>
      toCalendarEvent(
        item,
        data?.types.find((c) => c.componentId === item.componentId),
        look,
      ),
    );
    // Hours in the secondary colour, light, so they read apart from the items.
    const hoursColors = {
      background: alpha(theme.palette.secondary.main, theme.palette.mode === 'dark' ? 0.3 : 0.12),
      border: theme.palette.secondary.main,
      text: theme.palette.text.primary,
    };
    return [...items, ...(data?.hours ?? []).map((h) => toHoursEvent(h, hoursColors))];
  }, [data, theme]);
  const recorded = (data?.hours ?? []).reduce((sum, h) => sum + h.minutes, 0);
  // Holidays by day: shaded, and named in the month's cell and the week's column header.
  const holidays = useMemo(() => new Map((data?.holidays ?? []).map((h) => [h.date, h.name])), [data]);
  const holidayClass = (arg: { date: Date }) => (holidays.has(localDay(arg.date)) ? ['tramita-holiday'] : []);
  const holidayName = (date: Date) => {
    const name = holidays.get(localDay(date));
    return name ? (
      <Box component="span" className="tramita-holiday-name">
        {name}
      </Box>
    ) : null;
  };
  const dayCellContent = (arg: DayCellContentArg) => (
    <>
      {arg.view.type === 'dayGridMonth' && holidayName(arg.date)}
      {arg.dayNumberText}
    </>
  );
  const dayHeaderContent = (arg: DayHeaderContentArg) => (
    <>
      {arg.text}
      {arg.view.type !== 'dayGridMonth' && holidayName(arg.date)}
    </>
  );

  // The visible range with a day on each side: days are stored at midnight UTC, the screen is local.
  const [shown, setShown] = useState<{ date: string; view: string } | null>(null);
  const onDates = useCallback(
    (arg: DatesSetArg) => {
      const from = addDays(localDay(arg.start), -1);
      const to = addDays(localDay(arg.end), 1);
      setRange((r) => (r?.from === from && r.to === to ? r : { from, to }));
      const date = localDay(arg.view.currentStart);
      setShown((v) => (v?.date === date && v.view === arg.view.type ? v : { date, view: arg.view.type }));
    },
    [setRange, setShown],
  );
  // The week and day views get a screenful's height (the month grows with its weeks); FullCalendar
  // scrolls to scrollTime only when its view renders with a scroller, so once the height is fixed too.
  const calendar = useRef<FullCalendar>(null);
  const shownView = shown?.view ?? initial.view;
  const timeGrid = shownView !== 'dayGridMonth';
  useEffect(() => {
    if (timeGrid) calendar.current?.getApi().scrollToTime(SCROLL_TIME);
  }, [timeGrid, shownView]);

  // FullCalendar tells the range while it renders: the address follows after.
  useEffect(() => {
    if (shown && (search.get('date') !== shown.date || search.get('view') !== shown.view))
      setSearch({ date: shown.date, view: shown.view }, { replace: true });
  }, [shown, search, setSearch]);

  const onMove = useCallback(
    async (info: EventDropArg | EventResizeDoneArg) => {
      const item = info.event.extendedProps.item as CalendarItem;
      const type = data?.types.find((c) => c.componentId === item.componentId);
      const move = toMove(item, type, { start: info.event.start, end: info.event.end, allDay: info.event.allDay });
      if (!move) {
        info.revert();
        return;
      }
      try {
        const answer = await moveCalendarItem(move);
        enqueueSnackbar(answer.Message, { variant: 'success' });
      } catch (error) {
        info.revert();
        enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : String(error), {
          variant: 'error',
        });
      }
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    [data, enqueueSnackbar, queryClient],
  );

  const onOpen = useCallback(
    (info: EventClickArg) => {
      info.jsEvent.preventDefault();
      const item = (info.event.extendedProps.item ?? info.event.extendedProps.hours) as CalendarItem | CalendarHours;
      void navigate(`/runtime/${appID}/editItem/${item.componentId}/${item.itemId}/0`);
    },
    [appID, navigate],
  );

  // FullCalendar makes an event focusable and opens it with Enter (it has a click handler): a
  // button, named by its content, which says its days and status too (rendered on every change).
  const onMount = useCallback((info: EventMountArg) => info.el.setAttribute('role', 'button'), []);
  const eventContent = (arg: EventContentArg) => {
    const item = arg.event.extendedProps.item as CalendarItem | undefined;
    const hours = arg.event.extendedProps.hours as CalendarHours | undefined;
    let name = '';
    if (item) {
      const span = spanText(item, language, { range: (from, to) => t('range', { from, to }) });
      name = `${arg.event.title}, ${t('event', { span, status: item.StatusName })}`;
      if (!item.canEdit) name = `${name} (${t('readOnly')})`;
    } else if (hours) {
      const date = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
        new Date(`${hours.date}T00:00:00Z`),
      );
      name = t('hours', { hours: hoursText(hours.minutes), number: hours.FormattedID, title: hours.Title, date });
    }
    return (
      <div className="fc-event-main-frame" title={hours?.description || undefined}>
        {/* The name is one hidden text: the visible parts would join it with a browser's spaces. */}
        <Box component="span" sx={visuallyHidden}>
          {name}
        </Box>
        {arg.timeText && (
          <div className="fc-event-time" aria-hidden="true">
            {arg.timeText}
          </div>
        )}
        <div className="fc-event-title-container" aria-hidden="true">
          <div className="fc-event-title fc-sticky">{arg.event.title}</div>
        </div>
      </div>
    );
  };

  // "+2 more" opens a list of the day's events: a button, so its aria-expanded is allowed.
  const onMoreLink = useCallback((info: { el: HTMLElement }) => info.el.setAttribute('role', 'button'), []);

  if (items.isError) {
    const missing = isApiError(items.error) && (items.error.status === 404 || items.error.status === 400);
    return <NotFound message={missing ? undefined : items.error.message} />;
  }

  // The words of the buttons in the app's language and case (FullCalendar's English ones are lower case).
  // Words, not FullCalendar's icon font: its icons are images without a name.
  const buttonText = {
    prev: t('previous'),
    next: t('next'),
    today: t('today'),
    month: t('month'),
    week: t('week'),
    day: t('day'),
  };
  const pressed = {
    bgcolor: theme.palette.primary.dark,
    borderColor: theme.palette.primary.dark,
    color: theme.palette.getContrastText(theme.palette.primary.dark),
  };
  const names = [...new Set((data?.types ?? []).map((c) => c.name))].join(', ');
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {heading}
        </Typography>
        {/* A live region: the new count is said when the range or a filter changes it. */}
        <Typography variant="body2" color="text.secondary" role="status">
          {data &&
            [
              data.agenda ? t('agendaHint') : names,
              t('items', { count: data.events.length }),
              ...(recorded > 0 ? [t('hoursTotal', { hours: hoursText(recorded) })] : []),
            ].join(' · ')}
        </Typography>
      </Box>
      <CalendarFilters
        data={data}
        filters={filters}
        onChange={(next) => {
          const user = data?.users.find((u) => u.id === next.responsibleId);
          if (next.responsibleId !== filters.responsibleId) setChosenResponsible(user ?? null);
          setFilters(next);
        }}
        chosenResponsible={chosenResponsible}
      />
      {data && data.types.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('noTypes')}
        </Alert>
      )}
      {data?.hoursTruncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('hoursTruncated')}
        </Alert>
      )}
      {data?.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('truncated', { count: data.events.length })}
        </Alert>
      )}
      <Box
        aria-busy={items.isFetching}
        sx={{
          '--fc-border-color': theme.palette.divider,
          '--fc-page-bg-color': theme.palette.background.paper,
          '--fc-neutral-bg-color': theme.palette.action.hover,
          '--fc-neutral-text-color': theme.palette.text.secondary,
          '--fc-today-bg-color': alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.08),
          '--fc-event-bg-color': theme.palette.primary.main,
          '--fc-event-border-color': theme.palette.primary.main,
          '--fc-button-text-color': theme.palette.primary.contrastText,
          '--fc-button-bg-color': theme.palette.primary.main,
          '--fc-button-border-color': theme.palette.primary.main,
          '--fc-button-hover-bg-color': theme.palette.primary.dark,
          '--fc-button-hover-border-color': theme.palette.primary.dark,
          '--fc-button-active-bg-color': theme.palette.primary.dark,
          '--fc-button-active-border-color': theme.palette.primary.dark,
          '--fc-now-indicator-color': theme.palette.error.main,
          color: 'text.primary',
          bgcolor: 'background.paper',
          '& .fc a': { color: 'inherit', textDecoration: 'none' },
          '& .fc .fc-toolbar-title': { ...theme.typography.h6 },
          '& .fc .fc-button': { textTransform: 'none', fontFamily: theme.typography.fontFamily },
          '& .fc .fc-event': { cursor: 'pointer' },
          '& .fc .fc-button-primary:not(:disabled):hover, & .fc .fc-button-primary:not(:disabled).fc-button-active':
            pressed,
          // FullCalendar fades the other months' days to 30 %, below a readable contrast.
          '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: theme.palette.text.secondary },
          '& .fc .tramita-holiday': { bgcolor: alpha(theme.palette.text.primary, 0.06) },
          '& .fc .tramita-holiday-name': {
            ...theme.typography.caption,
            color: 'text.secondary',
            mx: 0.5,
          },
          '& .fc .fc-col-header-cell .tramita-holiday-name': { display: 'block' },
          '& .fc .fc-event:focus-visible': {
            outline: `2px solid ${theme.palette.text.primary}`,
            outlineOffset: 2,
          },
        }}
      >
        <FullCalendar
          plugins={PLUGINS}
          initialView={initial.view}
          initialDate={initial.date}
          locales={LOCALES}
          locale={language === 'en' ? 'en' : 'pt-br'}
          firstDay={0}
          headerToolbar={TOOLBAR}
          buttonText={buttonText}
          buttonIcons={false}
          moreLinkDidMount={onMoreLink}
          ref={calendar}
          height={timeGrid ? 720 : 'auto'}
          scrollTime={SCROLL_TIME}
          dayMaxEvents={6}
          events={events}
          editable
          eventDrop={(info) => void onMove(info)}
          eventResize={(info) => void onMove(info)}
          eventClick={onOpen}
          eventDidMount={onMount}
          eventContent={eventContent}
          dayCellClassNames={holidayClass}
          dayHeaderClassNames={holidayClass}
          dayCellContent={dayCellContent}
          dayHeaderContent={dayHeaderContent}
          datesSet={onDates}
        />
      </Box>
    </Box>
  );
}

function NotFound({ message }: { message?: string }) {
  const { t } = useTranslation('calendar');
  const { appID } = useParams();
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography color="text.secondary">{message ?? t('notFound')}</Typography>
      <Button component={RouterLink} to={appID ? `/runtime/${appID}` : '/app'} sx={{ mt: 2 }}>
        {t('backToApp')}
      </Button>
    </Box>
  );
}
