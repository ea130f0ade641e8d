import { SKIPPABLE_STEPS, type SkippableStep } from '@shared/setup/schema'

export const SETUP_STEPS = [
  { title: 'Create Facility', description: 'Name your facility and choose the time zone its schedule runs in.' },
  { title: 'Add Spaces', description: 'The rooms, rinks, courts and fields you book. Add as many as you like at once.' },
  { title: 'Add Changerooms', description: 'Optional. The change rooms teams use before and after their ice or court time.' },
  { title: 'Add Displays', description: 'The lobby screens that show today’s schedule. Each gets its own public address.' },
  { title: 'Configure Displays', description: 'Choose the spaces each screen shows, each in its own colour.' },
  { title: 'Add Client', description: 'The first team, league or group you book time for.' },
] as const

export const isSkippable = (step: number): step is SkippableStep => (SKIPPABLE_STEPS as readonly number[]).includes(step)
