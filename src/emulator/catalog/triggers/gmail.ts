import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/gmail.svg";

const pollProperties = {
  userId: {
    type: "string",
    title: "User ID",
    description: "Mailbox to watch; the special value `me` is the connected account.",
    default: "me",
  },
  interval: {
    type: "integer",
    title: "Interval",
    description: "Minutes between two polls.",
    default: 1,
    minimum: 1,
  },
};

export const gmailTriggers: CatalogTrigger[] = [
  {
    name: "GMAIL_NEW_GMAIL_MESSAGE",
    display_name: "New Gmail Message Received",
    appKey: "gmail",
    description: "Fires when a new message arrives in the mailbox.",
    instructions:
      "Connect a Google account with the gmail.modify scope. Optionally filter with a label (INBOX by default).",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewGmailMessageConfig",
      properties: {
        ...pollProperties,
        labelIds: {
          type: "string",
          title: "Label IDs",
          description: "Comma-separated label IDs a message must carry, e.g. INBOX,IMPORTANT.",
          default: "INBOX",
        },
      },
      required: [],
    },
    payload: {
      messageId: "18f2c3a4b5d6e7f8",
      threadId: "18f2c3a4b5d6e7f8",
      sender: "Ada Lovelace <ada@example.com>",
      to: "team@example.com",
      subject: "Quarterly report",
      messageText: "Hi all, the Q3 report is attached.",
      labelIds: ["INBOX", "UNREAD"],
      messageTimestamp: "2024-11-04T08:15:00Z",
      attachmentList: [{ filename: "q3.pdf", mimeType: "application/pdf", attachmentId: "ANGjdJ8" }],
    },
    enabled: true,
  },
  {
    name: "GMAIL_NEW_EMAIL_FROM_SENDER",
    display_name: "New Email From Sender",
    appKey: "gmail",
    description: "Fires when a message from a given sender arrives.",
    instructions: "Give the sender's email address; messages matching `from:<address>` fire the trigger.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewEmailFromSenderConfig",
      properties: {
        ...pollProperties,
        sender: {
          type: "string",
          title: "Sender",
          description: "Email address of the sender, e.g. billing@example.com.",
        },
      },
      required: ["sender"],
    },
    payload: {
      messageId: "18f2c3a4b5d6e800",
      threadId: "18f2c3a4b5d6e800",
      sender: "billing@example.com",
      subject: "Your invoice INV-0042",
      messageText: "Amount due: 120.00 EUR",
      messageTimestamp: "2024-11-04T09:00:00Z",
    },
    enabled: true,
  },
  {
    name: "GMAIL_NEW_ATTACHMENT_RECEIVED",
    display_name: "New Attachment Received",
    appKey: "gmail",
    description: "Fires for each new message that has at least one attachment.",
    instructions: "Optionally restrict to attachments whose file name matches a pattern.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewAttachmentConfig",
      properties: {
        ...pollProperties,
        filenamePattern: {
          type: "string",
          title: "File Name Pattern",
          description: "Glob the attachment's file name must match, e.g. *.pdf.",
        },
      },
      required: [],
    },
    payload: {
      messageId: "18f2c3a4b5d6e900",
      sender: "scanner@example.com",
      subject: "Scanned document",
      attachment: {
        filename: "scan-0042.pdf",
        mimeType: "application/pdf",
        size: 284211,
        attachmentId: "ANGjdJ9",
      },
    },
    enabled: true,
  },
  {
    name: "GMAIL_NEW_LABELED_EMAIL",
    display_name: "New Labeled Email",
    appKey: "gmail",
    description: "Fires when a label is applied to a message.",
    instructions: "Give the label ID (see the Gmail labels list). System and user labels both work.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewLabeledEmailConfig",
      properties: {
        ...pollProperties,
        labelId: {
          type: "string",
          title: "Label ID",
          description: "ID of the label to watch, e.g. Label_12 or STARRED.",
        },
      },
      required: ["labelId"],
    },
    payload: {
      messageId: "18f2c3a4b5d6ea00",
      labelId: "STARRED",
      subject: "Contract draft v3",
      sender: "legal@example.com",
    },
    enabled: true,
  },
];
