import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { DialogCancelled, useDialogs } from '../../../components/dialogs/useDialogs';
import { messageAge } from './age';
import { enableNotifications, pushSupported } from '../push';
import { deleteAllMessages, deleteMessage, messagesQuery, setAllReaded, setReaded, type Message } from './api';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

/** The notification bell and its message menu (spec sections 2 and 4). */
export function MessageMenu() {
  const { t } = useTranslation();
  const { confirm } = useDialogs();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { data: messages = [] } = useQuery(messagesQuery);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<Message | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [askPermission, setAskPermission] = useState(() => pushSupported() && Notification.permission === 'default');
  useEffect(() => {
    if (!anchor) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [anchor]);

  const unread = messages.filter((message) => !message.readed).length;
  const reload = () => queryClient.invalidateQueries({ queryKey: messagesQuery.queryKey });

  const run = async (question: string, action: () => Promise<unknown>, bulk: boolean) => {
    try {
      await confirm(question);
    } catch (error) {
      if (error instanceof DialogCancelled) return;
      throw error;
    }
    if (bulk) setBusy(true);
    try {
      await action();
    } catch (error) {
      if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    } finally {
      if (bulk) setBusy(false);
      await reload();
    }
  };

  return (
    <>
      {busy ? (
        <Box
          sx={{ width: 40, height: 40, display: 'grid', placeItems: 'center' }}
          role="progressbar"
          aria-label={t('messages.busy')}
        >
          <CircularProgress size={22} color="inherit" />
        </Box>
      ) : (
        <Tooltip title={t('messages.title')}>
          <IconButton
            color="inherit"
            aria-label={t('messages.bell', { count: unread })}
            onClick={(event) => (setNow(Date.now()), setAnchor(event.currentTarget))}
          >
            <Badge badgeContent={unread} color="error" max={99}>
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 350, maxWidth: 'calc(100vw - 16px)', borderRadius: 2, mt: 1 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
            {t('messages.title')}
          </Typography>
          {askPermission && (
            <Tooltip title={t('messages.enablePush')}>
              <IconButton
                size="small"
                aria-label={t('messages.enablePush')}
                onClick={() => {
                  setAskPermission(false);
                  enableNotifications().catch((error: unknown) => console.error('Push registration failed', error));
                }}
              >
                <NotificationsActiveIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('messages.markAllRead')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('messages.markAllRead')}
                disabled={unread === 0}
                onClick={() => void run(t('messages.confirmMarkAll'), setAllReaded, true)}
              >
                <DoneAllIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('messages.deleteAll')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('messages.deleteAll')}
                disabled={messages.length === 0}
                onClick={() => void run(t('messages.confirmDeleteAll'), deleteAllMessages, true)}
              >
                <DeleteSweepIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Box sx={{ height: messages.length > 0 ? 400 : 60, overflowY: 'auto' }}>
          {messages.length === 0 ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ height: 60, display: 'grid', placeItems: 'center' }}
            >
              {t('messages.empty')}
            </Typography>
          ) : (
            <List disablePadding>
              {messages.map((message) => {
                const age = messageAge(message.creationDate, now);
                // The delete button sits beside the row's button, not inside it: a button within a
                // button is announced as one control named after both.
                return (
                  <ListItem
                    key={message.id}
                    disablePadding
                    divider
                    secondaryAction={
                      <IconButton
                        size="small"
                        edge="end"
                        aria-label={t('messages.delete')}
                        onClick={() => void run(t('messages.confirmDelete'), () => deleteMessage(message), false)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    }
                    sx={{ '& .MuiListItemSecondaryAction-root': { top: 22 } }}
                  >
                    <ListItemButton onClick={() => setOpened(message)} sx={{ alignItems: 'flex-start' }}>
                      {!message.readed && (
                        <Box
                          sx={{
                            width: 8,
                            height: 8,
                            borderRadius: '50%',
                            bgcolor: 'primary.main',
                            mt: 1,
                            mr: 1,
                            flexShrink: 0,
                          }}
                          aria-hidden
                        />
                      )}
                      <ListItemText
                        primary={
                          <>
                            {message.title}
                            {!message.readed && (
                              <Box component="span" sx={visuallyHidden}>{`, ${t('messages.unread')}`}</Box>
                            )}
                          </>
                        }
                        secondary={t(`messages.age.${age.unit}`, { count: age.value })}
                        slotProps={{
                          primary: { sx: { fontWeight: message.readed ? 400 : 700, wordBreak: 'break-word' } },
                        }}
                        sx={{ ml: message.readed ? 2 : 0 }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </Popover>
      {opened && (
        <Dialog open onClose={() => setOpened(null)} maxWidth="sm" fullWidth>
          <DialogTitle sx={{ fontWeight: 700 }}>{opened.title}</DialogTitle>
          <DialogContent>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{opened.messageText}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button
              color="error"
              onClick={() => {
                const message = opened;
                setOpened(null);
                void run(t('messages.confirmDelete'), () => deleteMessage(message), false);
              }}
            >
              {t('messages.dialogDelete')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button color="inherit" onClick={() => setOpened(null)}>
              {t('messages.dialogCancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                const message = opened;
                setOpened(null);
                if (!message.readed) {
                  setReaded(message)
                    .catch(
                      (error: unknown) => isApiError(error) && enqueueSnackbar(error.message, { variant: 'error' }),
                    )
                    .finally(() => void reload());
                }
              }}
            >
              {t('messages.dialogOk')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
