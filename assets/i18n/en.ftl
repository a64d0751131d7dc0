# PushBox's words in English. Every key here must be in every other language's file too
# (tests/pushbox/i18n.rs checks). Arguments are in { $braces }.

## Title screen
title-name = PushBox
title-tagline = Push every box onto a goal.
title-continue = Continue
title-levels = Levels
title-link = Link
title-settings = Settings
title-quit = Quit
title-continue-level = { $collection }, level { $number }
title-solved-count = {"  "}({ $solved } of { $count } solved)

## The level's HUD
hud-level = { $collection }  |  Level { $number }/{ $count }
hud-level-title = : { $title }
hud-level-short = { $collection } · { $number }/{ $count }
hud-level-name = Level name
hud-more = More
menu-heading = Level menu
menu-prev = Previous level
menu-next = Next level
menu-copy = Copy level
menu-copy-link = Copy link
menu-copy-link-solution = Copy link with solution
menu-title-screen = Title screen
hud-by = {" "}by { $author }
hud-unplayable = This level cannot be played: { $problem }
hud-counters = Moves { $moves }   Pushes { $pushes }
hud-counters-reverse = Reverse   Moves { $moves }   Pulls { $pulls }
hud-best = Best { $moves }/{ $pushes }   ({ $moves_diff } / { $pushes_diff })
hud-menu = Menu
hud-levels = Levels
hud-prev = Prev
hud-undo = Undo
hud-redo = Redo
hud-restart = Restart
hud-next = Next
hud-design = Design
hud-first-hint = Tap or click a cell to walk there; arrows step; Z undoes
hud-reverse-hint = Reverse play: pull every box back to a marked cell. Before the first pull, tap any free cell to start there. B plays forward again.
hud-deadlock = Deadlock ({ $detector }): this position can no longer be solved. Undo (Z).
hud-hint = Hint
hud-hint-thinking = Thinking… { $positions } positions searched (H stops)
hud-hint-found = Hint: push the marked box towards the dot ({ $pushes } pushes to solve). H plays this push, Shift+H all of them.
hud-hint-all = Play all
hud-hint-none = No solution from here. Undo (Z).
hud-hint-not-found = No hint found in { $seconds } s.
hud-hint-reverse = No hint in reverse play (B plays forward).
deadlock-dead-square = dead square
deadlock-freeze = freeze
deadlock-closed-diagonal = closed diagonal
deadlock-bipartite = bipartite

## The solved panel
solved = Solved!
solved-reverse = Solved in reverse!
solved-counts = { $moves } moves, { $pushes } pushes
solved-counts-reverse = { $moves } moves, { $pulls } pulls
solved-replay = Replay
solved-next = Next level
solved-helped = Solved with the computer's help: not your record.
solved-keep-computer = Keep as the computer's (K)
hud-computer = Computer's { $moves }/{ $pushes }
hud-improved = Improved { $moves }/{ $pushes }
improve-button = Improve
improve-running = Improving: { $moves } moves, { $pushes } pushes so far (from { $moves0 }/{ $pushes0 }); Improve (I) stops it
improve-found = The computer's improvement: { $moves } moves, { $pushes } pushes (from { $moves0 }/{ $pushes0 }); Improve (I) replays it
improve-none = No shorter solution found near this one ({ $moves0 } moves, { $pushes0 } pushes)
improve-kept = kept as the computer's improvement of the level: { $moves } moves, { $pushes } pushes (your records stay yours)
improve-not-better = the computer's improvement kept before is as short ({ $moves } moves, { $pushes } pushes found this time)

## Settings
settings-title = Settings
settings-slower = Slower
settings-faster = Faster
settings-quieter = Quieter
settings-louder = Louder
settings-close = Close
settings-on = on
settings-off = off
settings-switch-on = On
settings-switch-off = Off
settings-speed = Walking speed: { $speed }/{ $of }
settings-instant = Instant moves: { $state }
settings-sound = Sound: { $state }
settings-volume = Volume: { $percent }%
settings-warn-dead-square = Dead-square warning: { $state }
settings-warn-freeze = Freeze warning: { $state }
settings-warn-bipartite = Bipartite warning: { $state }
settings-warn-closed-diagonal = Closed-diagonal warning: { $state }
settings-shade-always = Dead squares: shaded always
settings-shade-selected = Dead squares: shaded with a box chosen
settings-language = Language: { $language }
settings-language-system = Language: as the system ({ $language })
settings-group-play = Play
settings-group-sound = Sound
settings-group-warnings = Deadlock warnings
settings-group-language = Language
settings-row-speed = Walking speed
settings-row-instant = Instant moves
settings-row-sound = Sound
settings-row-volume = Volume
settings-row-dead-square = Dead squares
settings-row-freeze = Frozen boxes
settings-row-bipartite = Boxes short of goals
settings-row-closed-diagonal = Closed diagonals
settings-row-shade = Always shade dead squares
settings-row-language = Language
settings-system-language = System ({ $language })

## Level browser
browser-heading = { $collection }: choose a level
browser-heading-by = { $collection } by { $author }: choose a level
browser-page = Page { $page }/{ $pages }
browser-page-back = < Page
browser-page-on = Page >
browser-next-unsolved = Next unsolved
browser-reverse = Reverse play on/off
browser-snapshots = Snapshots
browser-export = Export { $format }
browser-record = {"  "}[{ $moves }m/{ $pushes }p]
collection-tutorial = Tutorial
collection-builtin = PushBox
collection-author = PushBox project

## Snapshots
snapshots-title = Snapshots: { $level }
snapshots-keep = Keep this position
snapshots-none = None kept yet.
snapshots-restore = Restore
snapshot-name = { $number }: { $moves } moves, { $pushes } pushes
snapshot-name-reverse = { $number }: reverse, { $moves } moves, { $pulls } pulls
snapshot-failed = snapshot { $number }: { $reason }
snapshot-missing = there is no such snapshot
snapshot-moves = its moves { $problem }

## Loading
loading = Loading…
loading-failed = PushBox could not load its levels
loading-asset-failed = an asset failed to load

## The tutorial's levels: titles and hints
tutorial-1-title = First push
tutorial-1-note = Walk with the arrow keys, or tap a cell to walk there. Push the box onto the goal.
tutorial-2-title = Both ways
tutorial-2-note = Boxes can be pushed, never pulled. Every goal needs a box.
tutorial-3-title = Two boxes
tutorial-3-note = Z or Undo takes a move back, as many as you like. Y or Redo plays it again.
tutorial-4-title = Mind the corner
tutorial-4-note = A box pushed into a corner can never come out. If it happens, undo.
tutorial-5-title = Walk around
tutorial-5-note = To push a box left, stand on its right: walk around it first.
tutorial-6-title = Along the wall
tutorial-6-note = A box against a wall can only slide along it. Keep this one off the walls.
tutorial-7-title = Make room
tutorial-7-note = Sometimes a box must first step aside to make room. R restarts the level.
tutorial-8-title = Order matters
tutorial-8-note = Fill the far goal first, or the first box blocks the way.
tutorial-9-title = Tight squeeze
tutorial-9-note = Look before you push: think about where each box will go.
tutorial-10-title = Side by side
tutorial-10-note = Three boxes, three goals: you know everything you need. Tab opens the level list.

## Link (連連看)
link-hint = Hint
link-shuffle = Shuffle
link-new-deal = New deal
link-pause = Pause
link-size = Size
link-gravity = Gravity
link-size-value = Size { $width }x{ $height }
link-gravity-on = Gravity on
link-gravity-off = Gravity off
link-status = Link { $width }x{ $height }{ $variant }   { $time }   { $tiles ->
        [one] 1 tile
       *[other] { $tiles } tiles
    }   { $pairs ->
        [one] 1 pair
       *[other] { $pairs } pairs
    } playable{ $best }
link-status-gravity = {" "}gravity
link-status-best = {"   "}best { $time }
link3d-open = Link 3D
link3d-back = Link
link3d-status = Link 3D { $size }   { $time }   { $tiles ->
        [one] 1 tile
       *[other] { $tiles } tiles
    }   { $pairs ->
        [one] 1 pair
       *[other] { $pairs } pairs
    } playable{ $best }{ $next }
link3d-next = {"   "}next { $size }
link-paused = Paused
link-go-on = Go on
link-stuck = Stuck: no pair can be joined
link-tiles-left = { $tiles ->
        [one] 1 tile left
       *[other] { $tiles } tiles left
    }
link-cleared = Cleared!
link-time = Time { $time }
link-new-best = New best (was { $time })
link-first-time = Your first time on this board
link-best = Best { $time }

## Replay
replay-source-yours = your solution
replay-source-best = best by moves
replay-source-computer = the computer's solution
replay-source-improved = the computer's improvement
replay-source-clipboard = clipboard
replay-source-link = the link's solution
replay-none = { $level } has no recording yet: solve it first, or paste a solution (Ctrl+V)
replay-no-level = { $source }: there is no playable level to replay it on
replay-not-a-solution = { $source }: not a solution of { $level }: { $problem }
replay-kept = kept the solution from { $source } ({ $moves } moves, { $pushes } pushes) as a record
replay-not-kept = the solution from { $source } ({ $moves } moves, { $pushes } pushes) does not beat the records
replay-start = Start
replay-end = End
replay-back = Prev
replay-forward = Next
replay-pause = Pause
replay-play = Play
replay-keep = Keep
replay-improve = Improve
replay-status = Replay ({ $source }): step { $step }/{ $steps }   Moves { $moves }   Pushes { $pushes }   Speed { $speed }x
replay-keep-hint = {"   "}(Keep saves it as a record)

## Level designer
design-heading = Designing { $collection }: level { $number }/{ $count } ({ $width }x{ $height })   Pen: { $pen }
design-area-on = {" "}(area)
design-status = Workers { $workers }   Boxes { $boxes }   Goals { $goals }   |   { $verdict }
design-playable = playable
design-open = open: the worker can walk off the map at the red cells
design-not-playable = this level cannot be played yet: { $problem }
design-area = Area
design-rotate = Rotate
design-flip-h = Flip H
design-flip-v = Flip V
design-grow-left = +Left
design-shrink-left = -Left
design-grow-top = +Top
design-shrink-top = -Top
design-grow-right = +Right
design-shrink-right = -Right
design-grow-bottom = +Bottom
design-shrink-bottom = -Bottom
design-new = New
design-copy = Copy
design-copy-link = Copy link
design-delete = Delete
design-earlier = Earlier
design-later = Later
design-test = Test
design-done = Done
design-tools = Tools
pen-floor = Floor
pen-goal = Goal
pen-wall = Wall
pen-brick = Brick
pen-box = Box
pen-worker = Worker

## Notices about the player's data
save-no-folder = no data folder is known here: progress will not be saved
save-browser-blocked = this browser does not let the page keep data ({ $problem }): progress will not be saved
save-levels-missing = the saved game's levels cannot be opened ({ $problem }); starting with the built-in levels
save-level-missing = the saved level ({ $collection } level { $number }) is no longer there; starting at its first level
save-moves-unusable = the saved moves of { $level } { $problem }; the level starts afresh
save-reverse-unusable = the saved reverse play of { $level } { $problem }; the level starts afresh
save-failed = cannot save to { $path }: { $problem }
save-records-failed = cannot save the records to { $path }: { $problem }
save-records-failed-here = cannot save the records: { $problem }
save-reverse-solution = solved in reverse: the forward solution ({ $moves } moves, { $pushes } pushes) is offered to the records
save-helped-solution = solved with the computer's help: not kept as your record (K keeps it as the computer's solution)
save-computer-kept = kept as the computer's solution of this level: { $moves } moves, { $pushes } pushes (not counted as yours)
save-computer-not-better = the computer's solution already kept has as few moves
save-not-a-backup = { $path }: not a PushBox backup: { $problem }
save-merged = { $path }: merged { $levels } level records, { $improved } improved
link-restore-failed = { $file }: the Link game cannot be restored: { $problem }; a new deal starts
link3d-restore-failed = { $file }: the Link 3D game cannot be restored: { $problem }; a new deal starts
link-save-failed = cannot save the Link game to { $path }: { $problem }
sound-off = sound off
sound-volume = sound { $percent }%
reverse-impossible = { $level } cannot be played in reverse: with every box on a goal no cell is free for the worker
collection-empty = { $path }: the collection has no level; it is not listed and the file is left as it is
collection-unreadable = { $problem }; the file is left as it is
collection-no-backup = { $path }: cannot keep a backup: { $problem }
collection-save-failed = cannot save: { $problem }
collection-no-folder = no data folder: the collection cannot be kept
collection-imported = { $file }: imported { $levels } level(s) as "{ $name }"{ $problems ->
        [0] {""}
       *[other] ; { $problems } problem(s) listed above
    }
collection-not-imported = { $problem }; nothing imported
collection-unknown-type = { $file }: unknown file type (use .bxb, .bxa, .xsb, .sok or .txt)
collection-copied = copied { $level } to the clipboard as { $format }
clipboard-failed = clipboard: { $problem }
share-collection = Shared with you
share-copied = { $solution ->
    [true] copied a link to this level with your solution ({ $chars } characters)
   *[false] copied a link to this level ({ $chars } characters)
}
share-opened = opened { $level } from a link
share-refused = the link was not opened: { $problem }
share-bad-solution = the link's solution cannot be read: { $problem }
share-no-solution = solve this level first: the link carries your best solution
file-unreadable = { $path }: cannot read: { $problem }
export-no-folder = no data folder: nothing exported
export-failed = cannot export: { $problem }
export-nothing = no collection of yours to export yet
export-done = exported { $count } collection(s): { $paths }
level-label = level { $number }
level-label-titled = level { $number } "{ $title }"
collection-my-levels = My levels

## Why a level cannot be played, why moves are not a solution
level-error-no-boxes = the level has no boxes
level-error-mismatch = the level has { $boxes ->
        [one] 1 box
       *[other] { $boxes } boxes
    } but { $goals ->
        [one] 1 goal
       *[other] { $goals } goals
    } (boxes at { $box_at }; goals at { $goal_at })
level-error-open = the level is open: the worker can reach the map's edge at { $at }
level-error-no-worker = the level has no worker
level-error-workers = the level has { $workers } workers (at { $at }); it needs exactly one
solution-unreadable = the moves cannot be read: { $problem }
solution-illegal = step { $number } ({ $step }) is illegal: { $reason }
solution-not-solved = after all { $moves } moves { $left } box(es) are still off a goal
blocked-edge = the worker would leave the map
blocked-wall = a wall is in the way
blocked-box-edge = the box cannot move: it would leave the map
blocked-box-wall = the box cannot move: a wall is behind it
blocked-box-box = the box cannot move: another box is behind it
blocked-box-ahead = a box is in the way (in reverse play boxes are pulled, not pushed)

## What is wrong with a saved file, and what was done
file-unreadable-short = cannot read: { $problem }
file-not-utf8 = not UTF-8 text (a bad byte at offset { $byte })
file-newer = written by a newer PushBox (format version { $version }, this one reads up to { $reads })
file-syntax = line { $line }, column { $column }: { $message }
file-version-zero = format version 0 is not a PushBox save
store-missing = { $path } is missing
store-moved-aside = { $path }: { $problem }; the file was moved to { $to }
store-left-in-place = { $path }: { $problem }; it could not be moved aside ({ $error }) and is left as it is
store-restored-backup = restored the previous save from { $path }
store-defaults = starting with defaults
store-bad-backup = { $path }: { $problem }; starting with defaults
record-best-moves = best-moves
record-best-pushes = best-pushes
record-miscounted = { $level }: the { $which } recording claims { $moves }/{ $pushes } moves/pushes but replays as { $real_moves }/{ $real_pushes }; not shown
record-not-a-solution = { $level }: the { $which } recording does not solve the level: { $problem }; not shown
restore-unreadable = cannot be read ({ $problem })
restore-no-reverse = cannot be played in reverse
restore-bad-start = start the reverse game on { $at }, where no worker may stand
restore-step-fails = do not replay (step { $number } fails)

## A level file that cannot be read (the reader's message itself stays English)
format-error-level = : level { $number }
format-error-level-titled = : level { $number } "{ $title }"
format-error-line = : line { $line }, column { $column }
format-error-byte = : byte { $byte } ({ $hex })
format-error-message = : { $message }

## Difficulty tiers, the daily puzzle and made levels
tier-beginner = Beginner
tier-easy = Easy
tier-medium = Medium
tier-hard = Hard
tier-expert = Expert
title-daily = Daily
daily-heading = Daily puzzle, { $date }
daily-streak = Streak: { $days ->
    [one] 1 day in a row
   *[other] { $days } days in a row
}
daily-tier-solved = { $tier }: { $moves } moves
daily-random = A random level, made now
browser-random = Random level
solved-another = Another like this
collection-generated = Generated
made-title = New { $tier } level
made-daily-title = Daily { $date } ({ $tier })
made-making = Making a { $tier } level… { $seconds } s
made-kept = Kept in Generated: { $level }
