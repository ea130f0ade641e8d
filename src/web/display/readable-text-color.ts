// The board and the app's colour palette share one rule for the text on a colour.
export { readableTextColor } from '@shared/colors'
