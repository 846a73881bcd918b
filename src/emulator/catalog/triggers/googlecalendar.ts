import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/googlecalendar.svg";

const calendarProperties = {
  calendarId: {
    type: "string",
    title: "Calendar ID",
    description: "Calendar to watch; `primary` is the connected account's main calendar.",
    default: "primary",
  },
  interval: {
    type: "integer",
    title: "Interval",
    description: "Minutes between two polls.",
    default: 1,
    minimum: 1,
  },
};

const sampleEvent = {
  kind: "calendar#event",
  id: "7cbh8rpc10lrc0ckih9tafss99",
  status: "confirmed",
  summary: "Design review",
  location: "Room 4B",
  start: { dateTime: "2024-11-05T14:00:00+01:00", timeZone: "Europe/Paris" },
  end: { dateTime: "2024-11-05T15:00:00+01:00", timeZone: "Europe/Paris" },
  organizer: { email: "ada@example.com" },
  attendees: [{ email: "grace@example.com", responseStatus: "needsAction" }],
  htmlLink: "https://www.google.com/calendar/event?eid=N2NiaDhycGMxMGxyYzBja2loOXRhZnNzOTk",
};

export const googlecalendarTriggers: CatalogTrigger[] = [
  {
    name: "GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_CREATED_TRIGGER",
    display_name: "Event Created",
    appKey: "googlecalendar",
    description: "Fires when an event is created in the calendar.",
    instructions: "Connect a Google account with the calendar scope. Optionally give a calendar ID.",
    type: "poll",
    logo,
    config: { type: "object", title: "EventCreatedConfig", properties: calendarProperties, required: [] },
    payload: { event: sampleEvent },
    enabled: true,
  },
  {
    name: "GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_CHANGE_TRIGGER",
    display_name: "Event Changed",
    appKey: "googlecalendar",
    description: "Fires when an event of the calendar is updated or cancelled.",
    instructions:
      "Changes are found with the calendar's sync token; cancelled events have status `cancelled`.",
    type: "poll",
    logo,
    config: { type: "object", title: "EventChangeConfig", properties: calendarProperties, required: [] },
    payload: { event: { ...sampleEvent, summary: "Design review (moved)" }, changeType: "updated" },
    enabled: true,
  },
  {
    name: "GOOGLECALENDAR_EVENT_STARTING_SOON",
    display_name: "Event Starting Soon",
    appKey: "googlecalendar",
    description: "Fires a given number of minutes before an event starts.",
    instructions: "Give how many minutes ahead to fire. All-day events are ignored.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "EventStartingSoonConfig",
      properties: {
        ...calendarProperties,
        minutesBefore: {
          type: "integer",
          title: "Minutes Before",
          description: "How long before the start to fire.",
          default: 15,
          minimum: 1,
        },
      },
      required: ["minutesBefore"],
    },
    payload: { event: sampleEvent, minutesUntilStart: 15 },
    enabled: true,
  },
  {
    name: "GOOGLECALENDAR_ATTENDEE_RESPONSE_CHANGED",
    display_name: "Attendee Response Changed",
    appKey: "googlecalendar",
    description: "Fires when an attendee accepts, declines or tentatively accepts an event you organise.",
    instructions: "Only events organised by the connected account are watched.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "AttendeeResponseChangedConfig",
      properties: calendarProperties,
      required: [],
    },
    payload: {
      eventId: "7cbh8rpc10lrc0ckih9tafss99",
      attendee: { email: "grace@example.com", responseStatus: "accepted" },
      previousResponseStatus: "needsAction",
    },
    enabled: true,
  },
];
