# 推箱子的简体中文文字。键与 en.ftl 一一对应（tests/pushbox/i18n.rs 会检查）。

## 标题画面
title-name = 推箱子
title-tagline = 把每个箱子推到目标点上。
title-continue = 继续
title-levels = 关卡
title-link = 连连看
title-settings = 设置
title-quit = 退出
title-continue-level = { $collection }，第 { $number } 关
title-solved-count = {"  "}（已完成 { $solved }/{ $count }）

## 关卡界面
hud-level = { $collection }  |  第 { $number }/{ $count } 关
hud-level-title = ：{ $title }
hud-level-short = { $collection } · { $number }/{ $count }
hud-level-name = 关卡名称
hud-more = 更多
menu-heading = 关卡菜单
menu-prev = 上一关
menu-next = 下一关
menu-copy = 复制关卡
menu-copy-link = 复制链接
menu-copy-link-solution = 复制带解法的链接
menu-title-screen = 主菜单
hud-by = {" "}作者 { $author }
hud-unplayable = 此关无法进行：{ $problem }
hud-counters = 步数 { $moves }   推动 { $pushes }
hud-counters-reverse = 倒推   步数 { $moves }   拉动 { $pulls }
hud-best = 最佳 { $moves }/{ $pushes }   （{ $moves_diff } / { $pushes_diff }）
hud-menu = 菜单
hud-levels = 关卡
hud-prev = 上一关
hud-undo = 撤销
hud-redo = 重做
hud-restart = 重来
hud-next = 下一关
hud-design = 设计
hud-first-hint = 点击格子即可走过去；方向键走一步；Z 撤销
hud-reverse-hint = 倒推模式：把每个箱子拉回标记的格子。第一次拉动之前，点击任意空格子即可从那里开始。按 B 回到正常模式。
hud-deadlock = 死局（{ $detector }）：这个局面已经无解了。请撤销（Z）。
hud-hint = 提示
hud-hint-thinking = 正在思考…已搜索 { $positions } 个局面（按 H 停止）
hud-hint-found = 提示：把标出的箱子推向圆点（共需推 { $pushes } 次）。按 H 走这一步，Shift+H 走完全部。
hud-hint-all = 全部走完
hud-hint-none = 从这里已无解。请撤销（Z）。
hud-hint-not-found = { $seconds } 秒内没有找到提示。
hud-hint-reverse = 倒推模式没有提示（按 B 回到正向）。
deadlock-dead-square = 死角
deadlock-freeze = 冻结
deadlock-closed-diagonal = 封闭对角
deadlock-bipartite = 无法配对

## 过关面板
solved = 过关！
solved-reverse = 倒推过关！
solved-counts = { $moves } 步，推动 { $pushes } 次
solved-counts-reverse = { $moves } 步，拉动 { $pulls } 次
solved-replay = 回放
solved-next = 下一关
solved-helped = 借助电脑解开：不算你的记录。
solved-keep-computer = 保存为电脑的解法（K）
hud-computer = 电脑 { $moves }/{ $pushes }
hud-improved = 改进 { $moves }/{ $pushes }
improve-button = 改进
improve-running = 正在改进：目前 { $moves } 步，推动 { $pushes } 次（原 { $moves0 }/{ $pushes0 }）；再点“改进”（I）停止
improve-found = 电脑的改进：{ $moves } 步，推动 { $pushes } 次（原 { $moves0 }/{ $pushes0 }）；再点“改进”（I）回放
improve-none = 附近没有找到更短的解法（{ $moves0 } 步，推动 { $pushes0 } 次）
improve-kept = 已保存为本关电脑的改进：{ $moves } 步，推动 { $pushes } 次（你的记录不变）
improve-not-better = 之前保存的电脑改进同样短（这次找到 { $moves } 步，推动 { $pushes } 次）

## 设置
settings-title = 设置
settings-slower = 慢一点
settings-faster = 快一点
settings-quieter = 小声
settings-louder = 大声
settings-close = 关闭
settings-on = 开
settings-off = 关
settings-switch-on = 开
settings-switch-off = 关
settings-speed = 行走速度：{ $speed }/{ $of }
settings-instant = 瞬间移动：{ $state }
settings-sound = 声音：{ $state }
settings-volume = 音量：{ $percent }%
settings-warn-dead-square = 死角提醒：{ $state }
settings-warn-freeze = 冻结提醒：{ $state }
settings-warn-bipartite = 配对提醒：{ $state }
settings-warn-closed-diagonal = 封闭对角提醒：{ $state }
settings-shade-always = 死角：一直显示阴影
settings-shade-selected = 死角：选中箱子时显示阴影
settings-language = 语言：{ $language }
settings-language-system = 语言：跟随系统（{ $language }）
settings-group-play = 游戏
settings-group-sound = 声音
settings-group-warnings = 死局提醒
settings-group-language = 语言
settings-row-speed = 行走速度
settings-row-instant = 瞬间移动
settings-row-sound = 声音
settings-row-volume = 音量
settings-row-dead-square = 死角
settings-row-freeze = 冻结
settings-row-bipartite = 配对
settings-row-closed-diagonal = 封闭对角
settings-row-shade = 一直显示死角阴影
settings-row-language = 语言
settings-system-language = 跟随系统（{ $language }）

## 选关
browser-heading = { $collection }：选择关卡
browser-heading-by = { $collection }（作者 { $author }）：选择关卡
browser-page = 第 { $page }/{ $pages } 页
browser-page-back = 上一页
browser-page-on = 下一页
browser-next-unsolved = 下一个未过关
browser-reverse = 倒推模式 开/关
browser-snapshots = 快照
browser-export = 导出 { $format }
browser-record = {"  "}[{ $moves }步/{ $pushes }推]
collection-tutorial = 教程
collection-builtin = 推箱子
collection-author = 推箱子项目

## 快照
snapshots-title = 快照：{ $level }
snapshots-keep = 保存当前局面
snapshots-none = 还没有保存的快照。
snapshots-restore = 恢复
snapshot-name = { $number }：{ $moves } 步，推动 { $pushes } 次
snapshot-name-reverse = { $number }：倒推，{ $moves } 步，拉动 { $pulls } 次
snapshot-failed = 快照 { $number }：{ $reason }
snapshot-missing = 没有这个快照
snapshot-moves = 其中的移动{ $problem }

## 加载
loading = 加载中…
loading-failed = 推箱子无法加载关卡
loading-asset-failed = 有资源加载失败

## 教程关卡：名称与提示
tutorial-1-title = 第一次推箱
tutorial-1-note = 用方向键行走，或点击格子走过去。把箱子推到目标点上。
tutorial-2-title = 两个方向
tutorial-2-note = 箱子只能推，不能拉。每个目标点都需要一个箱子。
tutorial-3-title = 两个箱子
tutorial-3-note = 按 Z 或“撤销”退回一步，想退几步都行。按 Y 或“重做”再走一遍。
tutorial-4-title = 小心墙角
tutorial-4-note = 推进墙角的箱子再也出不来。万一发生了，就撤销。
tutorial-5-title = 绕过去
tutorial-5-note = 要把箱子往左推，得站在它右边：先绕过去。
tutorial-6-title = 沿着墙
tutorial-6-note = 贴着墙的箱子只能沿墙滑动。别让这个箱子碰到墙。
tutorial-7-title = 让出空间
tutorial-7-note = 有时候箱子得先让开，腾出空间。按 R 重新开始本关。
tutorial-8-title = 顺序很重要
tutorial-8-note = 先填远处的目标点，否则第一个箱子会挡住路。
tutorial-9-title = 挤一挤
tutorial-9-note = 推之前先想一想：每个箱子要去哪里。
tutorial-10-title = 并排
tutorial-10-note = 三个箱子，三个目标点：你已经学会了所有需要的东西。按 Tab 打开关卡列表。

## 连连看
link-hint = 提示
link-shuffle = 洗牌
link-new-deal = 新一局
link-pause = 暂停
link-size = 尺寸
link-gravity = 重力
link-size-value = 尺寸 { $width }x{ $height }
link-gravity-on = 重力：开
link-gravity-off = 重力：关
link-status = 连连看 { $width }x{ $height }{ $variant }   { $time }   剩 { $tiles } 张   可连 { $pairs } 对{ $best }
link-status-gravity = {" "}重力
link-status-best = {"   "}最佳 { $time }
link3d-open = 立体连连看
link3d-back = 连连看
link3d-status = 立体连连看 { $size }   { $time }   剩 { $tiles } 张   可连 { $pairs } 对{ $best }{ $next }
link3d-next = {"   "}下一局 { $size }
link-paused = 已暂停
link-go-on = 继续
link-stuck = 无路可走：没有可以相连的一对
link-tiles-left = 还剩 { $tiles } 张
link-cleared = 全部消除！
link-time = 用时 { $time }
link-new-best = 新纪录（原来是 { $time }）
link-first-time = 第一次完成这个尺寸
link-best = 最佳 { $time }

## 回放
replay-source-yours = 你的解法
replay-source-best = 步数最少的解法
replay-source-computer = 电脑的解法
replay-source-improved = 电脑的改进
replay-source-clipboard = 剪贴板
replay-source-link = 链接中的解法
replay-none = { $level } 还没有记录：先过关，或者粘贴一个解法（Ctrl+V）
replay-no-level = { $source }：没有可以回放的关卡
replay-not-a-solution = { $source }：不是 { $level } 的解法：{ $problem }
replay-kept = 已把来自 { $source } 的解法（{ $moves } 步，推动 { $pushes } 次）保存为记录
replay-not-kept = 来自 { $source } 的解法（{ $moves } 步，推动 { $pushes } 次）没有超过已有记录
replay-start = 开头
replay-end = 结尾
replay-back = 上一步
replay-forward = 下一步
replay-pause = 暂停
replay-play = 播放
replay-keep = 保存
replay-improve = 改进
replay-status = 回放（{ $source }）：第 { $step }/{ $steps } 步   步数 { $moves }   推动 { $pushes }   速度 { $speed }x
replay-keep-hint = {"   "}（“保存”会把它存为记录）

## 关卡设计
design-heading = 设计 { $collection }：第 { $number }/{ $count } 关（{ $width }x{ $height }）   画笔：{ $pen }
design-area-on = {" "}（区域）
design-status = 工人 { $workers }   箱子 { $boxes }   目标 { $goals }   |   { $verdict }
design-playable = 可以玩
design-open = 不封闭：工人可以从红色格子走出地图
design-not-playable = 这一关还不能玩：{ $problem }
design-area = 区域
design-rotate = 旋转
design-flip-h = 左右翻转
design-flip-v = 上下翻转
design-grow-left = 左边+
design-shrink-left = 左边-
design-grow-top = 上边+
design-shrink-top = 上边-
design-grow-right = 右边+
design-shrink-right = 右边-
design-grow-bottom = 下边+
design-shrink-bottom = 下边-
design-new = 新建
design-copy = 复制
design-copy-link = 复制链接
design-delete = 删除
design-earlier = 前移
design-later = 后移
design-test = 试玩
design-done = 完成
design-tools = 工具
pen-floor = 地板
pen-goal = 目标
pen-wall = 墙
pen-brick = 砖
pen-box = 箱子
pen-worker = 工人

## 关于玩家数据的提示
save-no-folder = 不知道数据文件夹在哪里：进度不会被保存
save-browser-blocked = 浏览器不允许本页保存数据（{ $problem }）：进度不会被保存
save-levels-missing = 无法打开存档中的关卡（{ $problem }）；改用内置关卡
save-level-missing = 存档中的关卡（{ $collection } 第 { $number } 关）已经不在了；从它的第一关开始
save-moves-unusable = { $level } 的存档移动{ $problem }；本关重新开始
save-reverse-unusable = { $level } 的倒推存档{ $problem }；本关重新开始
save-failed = 无法保存到 { $path }：{ $problem }
save-records-failed = 无法把记录保存到 { $path }：{ $problem }
save-records-failed-here = 无法保存记录：{ $problem }
save-reverse-solution = 倒推过关：对应的正向解法（{ $moves } 步，推动 { $pushes } 次）已提交为记录
save-helped-solution = 借助电脑解开：不计入你的记录（按 K 保存为电脑的解法）
save-computer-kept = 已保存为本关电脑的解法：{ $moves } 步，推动 { $pushes } 次（不算你的记录）
save-computer-not-better = 已保存的电脑解法步数不比这更多
save-not-a-backup = { $path }：不是推箱子的备份：{ $problem }
save-merged = { $path }：合并了 { $levels } 个关卡的记录，其中 { $improved } 个更好
link-restore-failed = { $file }：无法恢复连连看：{ $problem }；开始新一局
link3d-restore-failed = { $file }：无法恢复立体连连看：{ $problem }；开始新一局
link-save-failed = 无法把连连看保存到 { $path }：{ $problem }
sound-off = 声音已关
sound-volume = 音量 { $percent }%
reverse-impossible = { $level } 无法倒推：所有箱子都在目标点上时，工人没有空格子可站
collection-empty = { $path }：这个合集里没有关卡；不列出，文件保持原样
collection-unreadable = { $problem }；文件保持原样
collection-no-backup = { $path }：无法保留备份：{ $problem }
collection-save-failed = 无法保存：{ $problem }
collection-no-folder = 没有数据文件夹：无法保存这个合集
collection-imported = { $file }：导入了 { $levels } 关，名为“{ $name }”{ $problems ->
        [0] {""}
       *[other] ；上面列出了 { $problems } 个问题
    }
collection-not-imported = { $problem }；没有导入任何东西
collection-unknown-type = { $file }：不认识的文件类型（请用 .bxb、.bxa、.xsb、.sok 或 .txt）
collection-copied = 已把 { $level } 以 { $format } 格式复制到剪贴板
clipboard-failed = 剪贴板：{ $problem }
share-collection = 分享给你的关卡
share-copied = { $solution ->
    [true] 已复制本关和你的解法的链接（{ $chars } 个字符）
   *[false] 已复制本关的链接（{ $chars } 个字符）
}
share-opened = 已从链接打开{ $level }
share-refused = 链接未能打开：{ $problem }
share-bad-solution = 链接中的解法无法读取：{ $problem }
share-no-solution = 请先解开本关：链接会带上你的最佳解法
file-unreadable = { $path }：无法读取：{ $problem }
export-no-folder = 没有数据文件夹：没有导出
export-failed = 无法导出：{ $problem }
export-nothing = 还没有你自己的合集可以导出
export-done = 导出了 { $count } 个合集：{ $paths }
level-label = 第 { $number } 关
level-label-titled = 第 { $number } 关“{ $title }”
collection-my-levels = 我的关卡

## 关卡无法进行的原因、移动不是解法的原因
level-error-no-boxes = 这一关没有箱子
level-error-mismatch = 这一关有 { $boxes } 个箱子，却有 { $goals } 个目标点（箱子在 { $box_at }；目标点在 { $goal_at }）
level-error-open = 这一关不封闭：工人可以走到地图边缘 { $at }
level-error-no-worker = 这一关没有工人
level-error-workers = 这一关有 { $workers } 个工人（在 { $at }）；只能有一个
solution-unreadable = 无法读取这些移动：{ $problem }
solution-illegal = 第 { $number } 步（{ $step }）走不通：{ $reason }
solution-not-solved = 走完全部 { $moves } 步后，还有 { $left } 个箱子不在目标点上
blocked-edge = 工人会走出地图
blocked-wall = 有墙挡着
blocked-box-edge = 箱子推不动：会被推出地图
blocked-box-wall = 箱子推不动：后面是墙
blocked-box-box = 箱子推不动：后面还有箱子
blocked-box-ahead = 有箱子挡着（倒推模式只能拉箱子，不能推）

## 存档文件的问题，以及做了什么
file-unreadable-short = 无法读取：{ $problem }
file-not-utf8 = 不是 UTF-8 文本（偏移 { $byte } 处的字节无效）
file-newer = 由更新版本的推箱子写入（格式版本 { $version }，本版本最多读到 { $reads }）
file-syntax = 第 { $line } 行第 { $column } 列：{ $message }
file-version-zero = 格式版本 0 不是推箱子的存档
store-missing = 找不到 { $path }
store-moved-aside = { $path }：{ $problem }；该文件已移到 { $to }
store-left-in-place = { $path }：{ $problem }；无法把它移开（{ $error }），保持原样
store-restored-backup = 已从 { $path } 恢复上一次的存档
store-defaults = 使用默认设置开始
store-bad-backup = { $path }：{ $problem }；使用默认设置开始
record-best-moves = 最少步数
record-best-pushes = 最少推动
record-miscounted = { $level }：{ $which }记录声称 { $moves }/{ $pushes } 步/推，回放却是 { $real_moves }/{ $real_pushes }；不予显示
record-not-a-solution = { $level }：{ $which }记录不能解开本关：{ $problem }；不予显示
restore-unreadable = 无法读取（{ $problem }）
restore-no-reverse = 无法倒推
restore-bad-start = 倒推的起点 { $at } 不能站人
restore-step-fails = 无法重放（第 { $number } 步走不通）

## 无法读取的关卡文件（读取器的具体说明仍是英文）
format-error-level = ：第 { $number } 关
format-error-level-titled = ：第 { $number } 关“{ $title }”
format-error-line = ：第 { $line } 行第 { $column } 列
format-error-byte = ：第 { $byte } 字节（{ $hex }）
format-error-message = ：{ $message }

## 难度、每日一关与生成的关卡
tier-beginner = 入门
tier-easy = 简单
tier-medium = 中等
tier-hard = 困难
tier-expert = 专家
title-daily = 每日一关
daily-heading = 每日一关，{ $date }
daily-streak = 连续 { $days } 天
daily-tier-solved = { $tier }：{ $moves } 步
daily-random = 随机关卡，现在生成
browser-random = 随机关卡
solved-another = 再来一关同难度
collection-generated = 生成的关卡
made-title = 新的{ $tier }关卡
made-daily-title = 每日 { $date }（{ $tier }）
made-making = 正在生成{ $tier }关卡… { $seconds } 秒
made-kept = 已存入“生成的关卡”：{ $level }
