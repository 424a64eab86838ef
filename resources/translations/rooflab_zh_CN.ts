<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en_US">
<context>
    <name>CeilingToggles</name>
    <message>
        <location filename="../../app/gui/shell/ceilingtoggles.cpp" line="+11"/>
        <source>Compute ceilings</source>
        <translation>算力上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory levels</source>
        <translation>内存层级</translation>
    </message>
</context>
<context>
    <name>ClassPanel</name>
    <message>
        <location filename="../../app/gui/classroom/classpanel.cpp" line="+121"/>
        <source>This lesson step asks no question. Steps with exercises ask for a guess before they reveal the answer.</source>
        <translation>这一步没有提问。带练习的步骤会先请你猜测，再揭晓答案。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Previous question of this step</source>
        <translation>本步骤的上一题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next question of this step</source>
        <translation>本步骤的下一题</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+8"/>
        <source>Your guess</source>
        <translation>你的猜测</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+562"/>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <location line="-561"/>
        <source>Show the answer the app computes or measured, beside the guesses</source>
        <translation>在猜测旁显示应用计算或实测得到的答案</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>&lt;b&gt;Class mode&lt;/b&gt;: students open this address</source>
        <translation>&lt;b&gt;课堂模式&lt;/b&gt;：学生打开这个地址</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Anonymous</source>
        <translation>匿名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number the closest guesses instead of naming them</source>
        <translation>最接近的猜测只显示名次，不显示昵称</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Stop class mode</source>
        <translation>停止课堂模式</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Exercise</source>
        <translation>练习</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Class &amp;mode (students answer from their phones)</source>
        <translation>课堂模式(&amp;M)（学生用手机作答）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Class mode</source>
        <translation>课堂模式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Reveal every answer of this step</source>
        <translation>揭晓本步的全部答案(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The step as written, without guesses: for reviewing after class</source>
        <translation>按原文显示本步，不含猜测：供课后复习</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save class &amp;answers…</source>
        <translation>保存课堂答案(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export class answers as &amp;CSV…</source>
        <translation>将课堂答案导出为 &amp;CSV…</translation>
    </message>
    <message>
        <location line="+98"/>
        <location line="+499"/>
        <source>Question %1 of %2</source>
        <translation>第 %1 题，共 %2 题</translation>
    </message>
    <message>
        <location line="-487"/>
        <source>The answer cannot be computed here: %1</source>
        <translation>此处无法计算答案：%1</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>Measuring %1 on %2…</source>
        <translation>正在 %2 上测量 %1……</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>measured now on %1: %2 in %3 (median of %4), %5; the sample results say %6</source>
        <translation>刚刚在 %1 上实测：%2 用时 %3（%4 次的中位数），%5；样例结果为 %6</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>its result failed the check</source>
        <translation>其结果未通过校验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no measurement came back</source>
        <translation>没有返回测量结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run on %1 did not give a measurement (%2): the sample results answer. %3</source>
        <translation>在 %1 上的运行没有得到测量结果（%2）：改用样例结果作答。%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+506"/>
        <source>Answer: %1</source>
        <translation>答案：%1</translation>
    </message>
    <message>
        <location line="-501"/>
        <source>Guess: %1</source>
        <translation>猜测：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your answer: %1</source>
        <translation>你的答案：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error: %1</source>
        <translation>误差：%1</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>no guess placed</source>
        <translation>尚未放置猜测</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>#%1</source>
        <translation>第 %1 名</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Class: %n answer(s), %1 right</source>
        <translation>
            <numerusform>全班：%n 个回答，%1 个正确</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Class median: %1</source>
        <translation>全班中位数：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Closest: %1</source>
        <translation>最接近：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>class median</source>
        <translation>全班中位数</translation>
    </message>
    <message>
        <location line="+280"/>
        <source>Click the chart.</source>
        <translation>在图上点击。</translation>
    </message>
    <message>
        <location line="-504"/>
        <source>guess</source>
        <translation>猜测</translation>
    </message>
    <message>
        <location line="+234"/>
        <source>answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Class mode on: %1</source>
        <translation>课堂模式已开启：%1</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>%1/%2</source>
        <comment>question of a step</comment>
        <translation>%1/%2</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>Question %1 of %2: </source>
        <translation>第 %1 题，共 %2 题：</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n more question(s) on this step before its explanation.</source>
        <translation>
            <numerusform>本步还有 %n 道题，之后显示讲解。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answer on your phone; the answer and the explanation follow the reveal.</source>
        <translation>请在手机上作答；揭晓后显示答案和讲解。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Predict first: click the chart where you expect the point, then Reveal.</source>
        <translation>先预测：在图上点击你预计这个点所在的位置，然后点“揭晓”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Predict first: type your number, then Reveal.</source>
        <translation>先预测：输入你的数字，然后点“揭晓”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Predict first: pick your answer, then Reveal.</source>
        <translation>先预测：选出你的答案，然后点“揭晓”。</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>%1 connected, %2 joined · %3 answered</source>
        <translation>%1 个连接，%2 人加入 · %3 人已作答</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+8"/>
        <source>Save class answers</source>
        <translation>保存课堂答案</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Class answers (*.json)</source>
        <translation>课堂答案 (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+15"/>
        <source>Answers written to %1</source>
        <translation>答案已写入 %1</translation>
    </message>
    <message>
        <location line="-7"/>
        <location line="+9"/>
        <source>Export class answers</source>
        <translation>导出课堂答案</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>ClassServer</name>
    <message>
        <location filename="../../app/gui/classroom/classserver.cpp" line="+124"/>
        <source>cannot listen on port %1: %2</source>
        <translation>无法在端口 %1 上监听：%2</translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message>
        <location filename="../../app/gui/classroom/classroom.cpp" line="+50"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Full screen for a projector: the chart first, the lesson&apos;s caption large (F5; Esc leaves)</source>
        <translation>投影用的全屏模式：图表优先，课程说明文字放大（F5；Esc 退出）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Presentation &amp;scale</source>
        <translation>演示缩放(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Lesson</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PageUp</source>
        <translation>PageUp</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PageDown</source>
        <translation>PageDown</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Restore step</source>
        <translation>恢复本步(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close lesson</source>
        <translation>关闭课程(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export current &amp;view as PNG…</source>
        <translation>将当前视图导出为 PNG(&amp;V)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export every &amp;step as PNG…</source>
        <translation>将每一步导出为 PNG(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;handout as PDF…</source>
        <translation>导出 PDF 讲义(&amp;H)…</translation>
    </message>
    <message>
        <location line="+65"/>
        <location line="+8"/>
        <source>Export current view</source>
        <translation>导出当前视图</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>View written to %1</source>
        <translation>视图已保存到 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>Export every step as PNG</source>
        <translation>将每一步导出为 PNG</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n slide(s) written to %1</source>
        <translation>
            <numerusform>已将 %n 张幻灯片保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+8"/>
        <source>Export handout</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Handout written to %1</source>
        <translation>讲义已保存到 %1</translation>
    </message>
</context>
<context>
    <name>ExplainView</name>
    <message>
        <location filename="../../app/gui/tile/termwords.cpp" line="+73"/>
        <source>Bound by %1.</source>
        <translation>受 %1 限制。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bound by %1: %2</source>
        <translation>受 %1 限制：%2</translation>
    </message>
    <message>
        <location filename="../../app/gui/panels/explainview.cpp" line="+103"/>
        <source>Select a measurement to explain.</source>
        <translation>选择一条测量以查看解释。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing selected</source>
        <translation>未选择任何内容</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The performance model cannot explain this measurement: %1</source>
        <translation>性能模型无法解释这条测量：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it has no description of %1</source>
        <translation>它没有 %1 的描述</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured %1</source>
        <translation>实测 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Measured %1, predicted %2: gap %3 (%4).</source>
        <translation>实测 %1，预测 %2：差距 %3（%4）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>slower than the model says</source>
        <translation>比模型预测的慢</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>faster than the model says</source>
        <translation>比模型预测的快</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted %1.</source>
        <translation>预测 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No counters in this measurement: `rooflab-cli run --profile` adds the measured bytes per level.</source>
        <translation>这条测量中没有计数器数据：`rooflab-cli run --profile` 会加入每一级实测的字节数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>counters: %1, SM clock %2 MHz while profiled</source>
        <translation>计数器：%1，profile 时 SM 时钟为 %2 MHz</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SM clock used: %1 MHz</source>
        <translation>所用 SM 时钟：%1 MHz</translation>
    </message>
</context>
<context>
    <name>GpuPicker</name>
    <message>
        <location filename="../../app/gui/shell/gpupicker.cpp" line="+24"/>
        <source>Search GPUs (name, id, generation)…</source>
        <translation>搜索 GPU（名称、id、架构代次）…</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+1"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message numerus="yes">
        <location line="+116"/>
        <source>At most %n comparison GPU(s); untick one first.</source>
        <translation>
            <numerusform>最多只能对比 %n 块 GPU；请先取消勾选一块。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <location filename="../../app/gui/shell/helpdialogs.cpp" line="+74"/>
        <source>RoofLab user guide</source>
        <translation>RoofLab 用户指南</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The user guide (USER_GUIDE.md) is not installed next to %1.</source>
        <translation>用户指南（USER_GUIDE.md）没有安装在 %1 旁边。</translation>
    </message>
</context>
<context>
    <name>Hosts</name>
    <message>
        <location filename="../../app/client/hosts.cpp" line="+8"/>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>A host needs a name.</source>
        <translation>主机需要一个名称。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is a host named &quot;%1&quot; already.</source>
        <translation>已经有一台名为“%1”的主机。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A host needs the command that starts rooflab-cli worker there.</source>
        <translation>主机需要一条在其上启动 rooflab-cli worker 的命令。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The command &quot;%1&quot; cannot be used: %2</source>
        <translation>无法使用命令“%1”：%2</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>a %1 quote is not closed</source>
        <translation>%1 引号未闭合</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it names no program</source>
        <translation>其中没有指定程序</translation>
    </message>
</context>
<context>
    <name>HostsDialog</name>
    <message>
        <location filename="../../app/gui/live/hostsdialog.cpp" line="+18"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kernels run where rooflab-cli worker runs. A host is a name and the command that starts the worker there: your ~/.ssh/config, keys, agent and ProxyJump apply to ssh; no password is ever asked for or stored.</source>
        <translation>kernel 在 rooflab-cli worker 所在的机器上运行。一台主机由名称和在其上启动 worker 的命令组成：ssh 会使用你的 ~/.ssh/config、密钥、agent 和 ProxyJump；从不询问也不保存密码。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>For example:
%1
%2
or any command that starts rooflab-cli worker.</source>
        <translation>例如：
%1
%2
或任何能启动 rooflab-cli worker 的命令。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>gpu-server-%1</source>
        <translation>gpu-server-%1</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoofLab %1</source>
        <translation>RoofLab %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>protocol %1</source>
        <translation>协议 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connected: %1</source>
        <translation>已连接：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Testing %1…</source>
        <translation>正在测试 %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 waits in the queue: %2</source>
        <translation>%1 正在队列中等待：%2</translation>
    </message>
</context>
<context>
    <name>KernelsTableModel</name>
    <message>
        <location filename="../../app/gui/panels/kernelstablemodel.cpp" line="+192"/>
        <source>FLOPs: %1</source>
        <translation>运算量：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bytes, %1</source>
        <translation>字节数，%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>no FLOP counts in the export</source>
        <translation>导出文件中没有运算量</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this session</source>
        <translation>本次会话</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>%n launch(es): %1 in all; per launch min %2, median %3, max %4</source>
        <translation>
            <numerusform>%n 次启动：共 %1；每次启动最小 %2，中位数 %3，最大 %4</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of the time of every launch in %2</source>
        <translation>占 %2 中全部启动时间的 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no FLOPs counted</source>
        <translation>没有统计运算量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 FLOPs over the kernel&apos;s time</source>
        <translation>%1 运算量除以 kernel 的时间</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>mean over the launches, % of peak:
%1</source>
        <translation>各次启动的平均值，占峰值的 %：
%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>measured in this session</source>
        <translation>本次会话中测量</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>share of the time of every launch in the kernel&apos;s own file (a profile is one application)</source>
        <translation>占该 kernel 所在文件全部启动时间的比例（一个 profile 即一个应用）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of file</source>
        <translation>文件内占比</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AI HBM</source>
        <translation>AI HBM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AI L2</source>
        <translation>AI L2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AI L1</source>
        <translation>AI L1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Derived from</source>
        <translation>推导依据</translation>
    </message>
</context>
<context>
    <name>LessonExporter</name>
    <message>
        <location filename="../../app/gui/classroom/lessonexport.cpp" line="+195"/>
        <location line="+49"/>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+27"/>
        <source>No lesson is open.</source>
        <translation>没有打开的课程。</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message>
        <location filename="../../app/gui/classroom/lessonplayer.cpp" line="+81"/>
        <source>Lessons in %1</source>
        <translation>%1 中的课程</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous step (PageUp, Left)</source>
        <translation>上一步（PageUp、←）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next step (PageDown, Right, Space)</source>
        <translation>下一步（PageDown、→、空格）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Restore step</source>
        <translation>恢复本步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put the app back in the state this step shows (after you changed something)</source>
        <translation>把应用恢复到本步设定的状态（在你改动了参数之后）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Present</source>
        <translation>演示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full screen, chart first, captions large (F5)</source>
        <translation>全屏、图表优先、说明文字放大（F5）</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>No lessons found in %1.</source>
        <translation>在 %1 中没有找到课程。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n lesson file(s) refused:</source>
        <translation>
            <numerusform>有 %n 个课程文件被拒绝：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a lesson…</source>
        <translation>选择课程…</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+253"/>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="-162"/>
        <source>This step sets a GEMM tile (%1), but the tile explorer is not part of this build.</source>
        <translation>这一步设置了 GEMM 分块（%1），但当前版本没有分块探索面板。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The measured results for this step (%1) are not installed yet: they are measured on a GPU and shipped with RoofLab. The chart shows the predictions only.</source>
        <translation>这一步的实测结果（%1）尚未安装：它们需要在 GPU 上测得，随 RoofLab 一起发布。图表目前只显示预测值。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The measured results %1 could not be read: %2</source>
        <translation>无法读取实测结果 %1：%2</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2), measured on %3&lt;br&gt;Arithmetic intensity: %4 FLOP/B&lt;br&gt;Achieved: %5&lt;br&gt;Median time: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2），在 %3 上实测&lt;br&gt;算术强度：%4 FLOP/B&lt;br&gt;实际达到：%5&lt;br&gt;中位时间：%6</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has no measurements of %2 kernels.</source>
        <translation>%1 中没有 %2 kernel 的测量数据。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Nothing called &quot;%1&quot; is on the chart to highlight.</source>
        <translation>图表上没有名为“%1”的点可以高亮。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This step shows the %1 panel, which is not part of this build.</source>
        <translation>这一步要显示 %1 面板，但当前版本没有这个面板。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No lesson open.</source>
        <translation>没有打开课程。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lessons walk through the course notes step by step: each step sets the GPU, the ceilings, the workloads or the panel, and says what to look at.</source>
        <translation>课程按讲义一步一步讲解：每一步设定 GPU、性能上限、工作负载或面板，并说明要观察什么。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Lesson: next step</source>
        <translation>课程：下一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lesson: previous step</source>
        <translation>课程：上一步</translation>
    </message>
</context>
<context>
    <name>LiveTools</name>
    <message>
        <location filename="../../app/gui/live/livetools.cpp" line="+93"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>replay of %1</source>
        <translation>%1 的回放</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>&amp;Open results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Add to open results…</source>
        <translation>添加到已打开的结果(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;recent results</source>
        <translation>最近的结果(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Compare with results…</source>
        <translation>与结果对比(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save results as…</source>
        <translation>结果另存为(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export results as &amp;CSV…</source>
        <translation>将结果导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>C&amp;lose results file</source>
        <translation>关闭结果文件(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close all res&amp;ults</source>
        <translation>关闭全部结果(&amp;U)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>the worker did not answer</source>
        <translation>worker 没有响应</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>No CUDA device was found, and the H200 sample results (%1) are not installed. Open or replay a results file to see measured points.</source>
        <translation>没有找到 CUDA 设备，也没有安装 H200 样例结果（%1）。打开或回放一个结果文件即可看到实测点。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No CUDA device here: showing the sample results measured on an %1 (%2).</source>
        <translation>此处没有 CUDA 设备：显示在 %1 上测得的示例结果（%2）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 (this machine)</source>
        <translation>%1（本机）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CUDA device %1</source>
        <translation>CUDA 设备 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cudaGetDeviceProperties on this machine</source>
        <translation>本机的 cudaGetDeviceProperties</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>estimate: 2 × memory clock × bus width (%1 MHz × %2 bit), not a datasheet figure</source>
        <translation>估计值：2 × 显存时钟 × 位宽（%1 MHz × %2 bit），不是规格表数据</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>estimate: %1 SMs × %2 FP32 lanes × 2 × %3 MHz, not a datasheet figure</source>
        <translation>估计值：%1 个 SM × %2 个 FP32 lane × 2 × %3 MHz，不是规格表数据</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Built from this machine&apos;s device properties: the spec database has no entry for this GPU. The HBM bandwidth and the FP32 peak are estimates; other peaks are unknown.</source>
        <translation>根据本机的设备属性生成：规格数据库中没有这块 GPU。HBM 带宽和 FP32 峰值是估计值；其他峰值未知。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Only RoofLab results (.json), Nsight Compute reports (.ncu-rep) and their CSV exports (.csv) can be dropped here.</source>
        <translation>这里只能拖入 RoofLab 结果（.json）、Nsight Compute 报告（.ncu-rep）及其导出的 CSV（.csv）。</translation>
    </message>
</context>
<context>
    <name>LlmView</name>
    <message>
        <location filename="../../app/gui/llm/llmscene.cpp" line="+88"/>
        <source>%1 has no HBM bandwidth in the database.</source>
        <translation>数据库中没有 %1 的 HBM 带宽。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 has no layer &quot;%2&quot;.</source>
        <translation>%1 没有“%2”层。</translation>
    </message>
    <message>
        <location filename="../../app/gui/panels/llmview.cpp" line="+81"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear layer</source>
        <translation>线性层</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>M, the tokens in flight through the linear layers this step (log scale): a decode step has one per sequence, a prefill the whole prompt.</source>
        <translation>M，这一步流经各线性层的在途 token 数（对数刻度）：decode 步每条序列一个，prefill 则是整个提示词。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Each mark is the M at which a format&apos;s GEMM reaches its ridge: left of it the layer waits on memory, right of it on the tensor cores.</source>
        <translation>每个标记是某种格式的 GEMM 到达拐点时的 M：在它左边，这一层在等内存；在它右边，则在等 Tensor Core。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>B, the sequences in the batch. Each brings M / B tokens to the step.</source>
        <translation>B，batch 中的序列数。每条序列为这一步带来 M / B 个 token。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>S, the tokens each sequence&apos;s KV cache holds (this step&apos;s included).</source>
        <translation>S，每条序列的 KV cache 保存的 token 数（包括这一步的）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequences B</source>
        <translation>序列数 B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV length S</source>
        <translation>KV 长度 S</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1 layers, hidden %2, %3 query heads sharing %4 KV heads of %5, MLP %6.
Source: %7</source>
        <translation>%1 层，隐藏维度 %2，%3 个查询头共享 %4 个 KV 头（每个维度 %5），MLP %6。
来源：%7</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 (K %2 × N %3)</source>
        <translation>%1（K %2 × N %3）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tokens in flight M = %1</source>
        <translation>在途 token 数 M = %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>a decode step, one new token per sequence</source>
        <translation>一个 decode 步，每条序列一个新 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a prefill of %1 prompt tokens</source>
        <translation>对 %1 个提示词 token 的 prefill</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 tokens per sequence (a chunked prefill)</source>
        <translation>每条序列 %1 个 token（分块 prefill）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B × Sq = %1 × %2 = M: %3. The chart shows %4 at M in each format; as M grows, each point follows its format&apos;s path (in its colour) up the slope and along its roof.</source>
        <translation>B × Sq = %1 × %2 = M：%3。图表显示各格式在该 M 下的 %4；随着 M 增大，每个点沿其格式的路径（用它的颜色）爬上斜线，再沿屋顶前进。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>KV cache (BF16): %1 per token × B·S = %2 tokens = %3.</source>
        <translation>KV cache（BF16）：每个 token %1 × B·S = %2 个 token = %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>It is %1 of the BF16 step&apos;s bytes; its reads pass the weights&apos; at B·S ≈ %2 tokens.</source>
        <translation>它占 BF16 这一步字节数的 %1；B·S ≈ %2 个 token 时，它的读取量超过权重的读取量。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(S is taken as %1: the KV cache holds this step&apos;s tokens too.)</source>
        <translation>（S 取为 %1：KV cache 也保存这一步的 token。）</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>reaches the ridge (%1 FLOP/B) at M ≈ %2</source>
        <translation>在 M ≈ %2 时到达拐点（%1 FLOP/B）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never reaches the ridge (%1 FLOP/B)</source>
        <translation>始终到不了拐点（%1 FLOP/B）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At M = %1: %2 FLOP/B, %3, %4 for %5.</source>
        <translation>M = %1 时：%2 FLOP/B，%3，%5 耗时 %4。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+48"/>
        <source>memory-bound</source>
        <translation>受内存限制</translation>
    </message>
    <message>
        <location line="-48"/>
        <location line="+48"/>
        <source>compute-bound</source>
        <translation>受计算限制</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Model step: %1 at the roofline; the KV cache is %2 of its bytes and its reads pass the weights&apos; at B·S ≈ %3 tokens.</source>
        <translation>模型的一步：在 roofline 上为 %1；KV cache 占其字节数的 %2，B·S ≈ %3 个 token 时其读取量超过权重的读取量。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; on %3 %4&lt;br&gt;%5&lt;br&gt;%6</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt;（%3）%4&lt;br&gt;%5&lt;br&gt;%6</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Below the ridge M the GEMM waits on HBM; above it on the tensor cores. The step: %1 layers, the final norm and the LM head, each operator at max(FLOPs / peak, bytes / HBM).</source>
        <translation>低于拐点 M 时，GEMM 在等 HBM；高于它时，在等 Tensor Core。这一步：%1 层、最后的 norm 和 LM head，每个算子按 max(FLOPs / 峰值, 字节数 / HBM) 计。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Colours are the four weight formats. W8A16 and W4A16 keep BF16 activations and one FP16 scale per 128 weights.</source>
        <translation>颜色代表四种权重格式。W8A16 和 W4A16 的激活保持 BF16，每 128 个权重一个 FP16 缩放因子。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has no FP8 tensor cores: FP8 runs at %2 here.</source>
        <translation>%1 没有 FP8 Tensor Core：这里 FP8 按 %2 运行。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 M=%2</source>
        <translation>%1 M=%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;, M = %3 tokens&lt;br&gt;FLOPs: %4&lt;br&gt;Bytes: %5&lt;br&gt;Intensity: %6 FLOP/B&lt;br&gt;Attainable: %7 (%8)&lt;br&gt;Time at the roofline: %9</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;，M = %3 个 token&lt;br&gt;运算量：%4&lt;br&gt;字节数：%5&lt;br&gt;算术强度：%6 FLOP/B&lt;br&gt;可达性能：%7（%8）&lt;br&gt;roofline 上的时间：%9</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 M≈%2</source>
        <translation>%1 M≈%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ridge: %1</source>
        <translation>拐点：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; reaches the ridge (%2 FLOP/B, %3) at M ≈ %4 tokens</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 在 M ≈ %4 个 token 时到达拐点（%2 FLOP/B，%3）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/gui/shell/mainwindow.cpp" line="+75"/>
        <source>RoofLab</source>
        <translation>RoofLab</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>⚠ %n GPU file(s) refused</source>
        <translation>
            <numerusform>⚠ 有 %n 个 GPU 文件被拒绝</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some GPU database files were refused: %1</source>
        <translation>部分 GPU 数据库文件被拒绝：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tile explorer</source>
        <translation>分块探索</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Decode vs prefill</source>
        <translation>Decode 与 prefill</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>&lt;b&gt;GPU&lt;/b&gt;</source>
        <translation>&lt;b&gt;GPU&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Compare with&lt;/b&gt; (up to %1)</source>
        <translation>&lt;b&gt;对比&lt;/b&gt;（最多 %1 块）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs and ceilings</source>
        <translation>GPU 与性能上限</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Workloads</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset view</source>
        <translation>重置视图(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Logarithmic axes</source>
        <translation>对数坐标(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User &amp;guide</source>
        <translation>用户指南(&amp;G)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;About RoofLab</source>
        <translation>关于 RoofLab(&amp;A)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The new language applies to windows opened from now on.</source>
        <translation>新语言将用于此后打开的窗口。</translation>
    </message>
    <message>
        <location line="+148"/>
        <location line="+7"/>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Chart written to %1</source>
        <translation>图表已保存到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>GPU files refused</source>
        <translation>GPU 文件被拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These GPU database files were not loaded; every other file was.</source>
        <translation>以下 GPU 数据库文件没有加载；其余文件都已加载。</translation>
    </message>
</context>
<context>
    <name>OccupancyGraph</name>
    <message>
        <location filename="../../app/gui/chart/occupancygraph.cpp" line="+36"/>
        <source>occupancy (%)</source>
        <translation>占用率 (%)</translation>
    </message>
</context>
<context>
    <name>OccupancyPanel</name>
    <message>
        <location filename="../../app/gui/panels/occupancypanel.cpp" line="+57"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Launch</source>
        <translation>启动配置</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>threads per block, in whole warps</source>
        <translation>每个 block 的线程数，以整 warp 为单位</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Threads per block</source>
        <translation>每个 block 的线程数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>registers per thread, as ptxas or NVRTC reports them</source>
        <translation>每线程寄存器数，以 ptxas 或 NVRTC 报告的为准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Registers per thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+11"/>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>shared memory per block, static + dynamic, in bytes</source>
        <translation>每个 block 的 shared memory，静态 + 动态，单位字节</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shared memory per block</source>
        <translation>每个 block 的 shared memory</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the part declared as __shared__ arrays (at most 48 KB); the rest is dynamic</source>
        <translation>以 __shared__ 数组声明的部分（最多 48 KB）；其余为动态分配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>   of which static</source>
        <translation>   其中静态</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max L1</source>
        <translation>L1 最大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max shared</source>
        <translation>shared 最大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percentage</source>
        <translation>百分比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cudaFuncAttributePreferredSharedMemoryCarveout: how much of the unified L1/shared memory the SM gives to shared memory</source>
        <translation>cudaFuncAttributePreferredSharedMemoryCarveout：SM 把统一的 L1/shared memory 中多少分给 shared memory</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared-memory carveout</source>
        <translation>shared memory 划分比例</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>limit</source>
        <translation>限制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blocks / SM</source>
        <translation>block / SM</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>because</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the block size cudaOccMaxPotentialOccupancyBlockSize picks for these registers and this shared memory: the largest one reaching the highest occupancy</source>
        <translation>cudaOccMaxPotentialOccupancyBlockSize 针对当前寄存器和 shared memory 选出的 block 大小：达到最高占用率的最大值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use it</source>
        <translation>采用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>set threads per block to the suggested size</source>
        <translation>把每个 block 的线程数设为建议值</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>By hand (cuda_occupancy.h&apos;s numbers)</source>
        <translation>手算过程（cuda_occupancy.h 的数值）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Occupancy vs threads per block</source>
        <translation>占用率与每 block 线程数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>threads per block</source>
        <translation>每个 block 的线程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy vs registers per thread</source>
        <translation>占用率与每线程寄存器数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>registers per thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occupancy vs shared memory per block</source>
        <translation>占用率与每 block 的 shared memory</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared memory per block (KB)</source>
        <translation>每个 block 的 shared memory (KB)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Predict first: the calculator&apos;s answer (blocks, warps, occupancy and what limits them) stays covered until the exercise is revealed.</source>
        <translation>先预测：计算器的答案（block 数、warp 数、占用率以及限制它们的因素）在揭晓之前保持遮盖。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Occupancy: choose an NVIDIA GPU</source>
        <translation>占用率：请选择一块 NVIDIA GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy: %1</source>
        <translation>占用率：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy: %1 (CC %2): %3 warps, %4 blocks, %5 shared memory per SM</source>
        <translation>占用率：%1（CC %2）：每个 SM %3 个 warp、%4 个 block、%5 shared memory</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>no GPU chosen</source>
        <translation>未选择 GPU</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>limited by %1</source>
        <translation>受 %1 限制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (tied with %1)</source>
        <translation>（与 %1 并列）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot launch</source>
        <translation>无法启动</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 registers per block</source>
        <translation>每个 block %1 个寄存器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 per block of %2 per SM</source>
        <translation>每个 block %1，每个 SM 共 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n warp(s) per block of %1 per SM</source>
        <translation>
            <numerusform>每个 block %n 个 warp，每个 SM 最多 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CC %1 block slots</source>
        <translation>CC %1 的 block 槽位</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 barrier(s) per block</source>
        <translation>每个 block %1 个 barrier</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Allocated per block: %1 registers · %2 (%3 B) shared memory</source>
        <translation>每个 block 实际分配：%1 个寄存器 · %2（%3 B）shared memory</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Suggested block size: %1 threads → %2 %</source>
        <translation>建议的 block 大小：%1 个线程 → %2 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No block size fits these resources.</source>
        <translation>没有任何 block 大小能满足这些资源。</translation>
    </message>
</context>
<context>
    <name>PresentationMode</name>
    <message>
        <location filename="../../app/gui/classroom/presentationmode.cpp" line="+64"/>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Presentation</source>
        <translation>演示</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous step (PageUp, Left)</source>
        <translation>上一步（PageUp、←）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next step (PageDown, Right, Space)</source>
        <translation>下一步（PageDown、→、空格）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show or hide the list of steps</source>
        <translation>显示或隐藏步骤列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave presentation mode (Esc)</source>
        <translation>退出演示模式（Esc）</translation>
    </message>
    <message>
        <location line="+441"/>
        <source>No lesson open</source>
        <translation>没有打开课程</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the step list to pick a lesson, or press Esc to leave presentation mode.</source>
        <translation>打开步骤列表选择课程，或按 Esc 退出演示模式。</translation>
    </message>
</context>
<context>
    <name>ResultsChart</name>
    <message>
        <location filename="../../app/gui/chart/resultschart.cpp" line="+186"/>
        <source>FLOPs</source>
        <translation>运算量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>level</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>export</source>
        <translation>导出格式</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <location filename="../../app/gui/panels/resultspanel.cpp" line="+173"/>
        <source>failed checks only</source>
        <translation>只看未通过校验的</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare…</source>
        <translation>对比…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay a second results file (another GPU or another day) and link matching runs</source>
        <translation>叠加第二个结果文件（另一块 GPU 或另一天的数据），并关联相同的运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save every measurement shown as one results file</source>
        <translation>把显示的所有测量保存为一个结果文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export every measurement shown as CSV, one row each</source>
        <translation>把显示的所有测量导出为 CSV，每条一行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Explain…</source>
        <translation>解释…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the selected row&apos;s time goes: the performance model&apos;s terms against the measured time, and why it is bound (also: double-click a row)</source>
        <translation>选中行的时间花在哪里：性能模型的各项与实测时间对比，以及受什么限制（也可双击该行）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Group by kernel</source>
        <translation>按 kernel 分组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row and one point per kernel (name, grid, block), its launches summed; off: every launch&apos;s points</source>
        <translation>每个 kernel（名称、grid、block）一行、一个点，其各次启动合计；关闭时：显示每次启动的点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop reading; what is open stays as it was</source>
        <translation>停止读取；已打开的内容保持不变</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Stop comparing</source>
        <translation>停止对比</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The open files: uncheck one to hide its rows from the table and the chart</source>
        <translation>已打开的文件：取消勾选即可在表格和图中隐藏其行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the file selected in the list; the others stay as they are</source>
        <translation>关闭列表中选中的文件；其他文件保持不变</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Close all</source>
        <translation>全部关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close every file; the results measured in this session stay</source>
        <translation>关闭所有文件；本次会话测得的结果保留</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Filter: kernel, parameters, file</source>
        <translation>筛选：kernel、参数、文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all types</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show one data type only</source>
        <translation>只显示一种数据类型</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>predicted for %1: the spec database has no entry for the measured device (%2)</source>
        <translation>针对 %1 的预测：规格数据库中没有实测设备（%2）的条目</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>predicted for %1: the results do not name their device</source>
        <translation>针对 %1 的预测：结果中没有注明设备</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the live results</source>
        <translation>实时结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no GPU to predict for: the results do not name a device the spec database knows, and no GPU is chosen</source>
        <translation>没有可预测的 GPU：结果中注明的设备不在规格数据库中，也没有选择 GPU</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>an imported Nsight Compute kernel: the performance model describes RoofLab&apos;s own kernels only</source>
        <translation>导入的 Nsight Compute kernel：性能模型只描述 RoofLab 自带的 kernel</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>measured in this session</source>
        <translation>本次会话中测得</translation>
    </message>
    <message numerus="yes">
        <location line="+158"/>
        <source>%n file(s) hidden</source>
        <translation>
            <numerusform>%n 个文件已隐藏</numerusform>
        </translation>
    </message>
    <message>
        <location line="+227"/>
        <source>The filter was cleared, so that every row of it shows.</source>
        <translation>已清除筛选条件，以便显示该文件的每一行。</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>%1 · %n row(s)</source>
        <translation>
            <numerusform>%1 · %n 行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Closed %1.</source>
        <translation>已关闭 %1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Closed every file.</source>
        <translation>已关闭所有文件。</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>RoofLab results, Nsight Compute reports and CSV exports (*.json *.ncu-rep *.csv);;RoofLab results (*.json);;Nsight Compute reports (*.ncu-rep);;Nsight Compute CSV exports (*.csv);;All files (*)</source>
        <translation>RoofLab 结果、Nsight Compute 报告和导出的 CSV (*.json *.ncu-rep *.csv);;RoofLab 结果 (*.json);;Nsight Compute 报告 (*.ncu-rep);;Nsight Compute 导出的 CSV (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add to open results</source>
        <translation>添加到已打开的结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+11"/>
        <source>RoofLab results, Nsight Compute reports and CSV exports (*.json *.ncu-rep *.csv);;All files (*)</source>
        <translation>RoofLab 结果、Nsight Compute 报告和导出的 CSV (*.json *.ncu-rep *.csv);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <location line="-436"/>
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n 条测量</numerusform>
        </translation>
    </message>
    <message>
        <location line="-512"/>
        <source>Open a results file, an Nsight Compute report (.ncu-rep) or its CSV export on its own (the files shown are closed; the arrow: add it beside them)</source>
        <translation>单独打开一个结果文件、Nsight Compute 报告（.ncu-rep）或其 CSV 导出（当前显示的文件将被关闭；点箭头：添加到它们旁边）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add to open results…</source>
        <translation>添加到已打开的结果…</translation>
    </message>
    <message>
        <location line="+509"/>
        <source>%1 of %2 measurements shown</source>
        <translation>显示 %2 条测量中的 %1 条</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n without FLOPs (copies: table only)</source>
        <translation>
            <numerusform>%n 条没有 FLOP（拷贝类：只在表格中显示）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the chart shows the first %1; filter to see others</source>
        <translation>图表只显示前 %1 条；筛选后可查看其他</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n unsaved (autosaved)</source>
        <translation>
            <numerusform>%n 条未保存（已自动保存）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Comparing with &lt;b&gt;%1&lt;/b&gt; (%2): grey points, linked to %n matching run(s). Change = median time against it (negative: faster).</source>
        <translation>
            <numerusform>正在与 &lt;b&gt;%1&lt;/b&gt;（%2）对比：灰色点，已与 %n 个相同的运行关联。变化 = 相对它的中位时间（负数：更快）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown device</source>
        <translation>未知设备</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>An earlier session left %n measurement(s) that were never saved.</source>
        <translation>
            <numerusform>上一次会话留下了 %n 条从未保存的测量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Explain the gap</source>
        <translation>解释差距</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Explain the gap: %1</source>
        <translation>解释差距：%1</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Reading %1: %2 of %3</source>
        <translation>正在读取 %1：%2 / %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reading %1: %2</source>
        <translation>正在读取 %1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Could not save: %1</source>
        <translation>无法保存：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Saved %n measurement(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 条测量保存到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Exported %n measurement(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 条测量导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Compare with results</source>
        <translation>与结果对比</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Save results as</source>
        <translation>结果另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoofLab results (*.json)</source>
        <translation>RoofLab 结果 (*.json)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export results as CSV</source>
        <translation>将结果导出为 CSV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>ResultsPlot</name>
    <message>
        <location filename="../../app/gui/panels/resultsplot.cpp" line="+79"/>
        <source>no %1 roof for %2: the spec database has none and no file or sample measured one</source>
        <translation>%2 没有 %1 屋顶：规格数据库中没有，也没有任何文件或样例测得过</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>measured in this session</source>
        <translation>本次会话中测得</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>%1, RoofLab&apos;s samples (%2)</source>
        <translation>%1，RoofLab 样例（%2）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>measured (%1)</source>
        <translation>实测（%1）</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>median time %1 against %2%3</source>
        <translation>中位时间相对 %2 为 %1%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (faster)</source>
        <translation>（更快）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (slower)</source>
        <translation>（更慢）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (within the noise)</source>
        <translation>（在噪声范围内）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 of the file&apos;s time</source>
        <translation>占文件总时间的 %1</translation>
    </message>
    <message>
        <location line="+201"/>
        <source>&lt;b&gt;Predicted&lt;/b&gt;: %1 at %2 FLOP/B on %3 (%4)</source>
        <translation>&lt;b&gt;预测&lt;/b&gt;：%1，算术强度 %2 FLOP/B，%3（%4）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, memory-bound</source>
        <translation>，受内存限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, compute-bound</source>
        <translation>，受计算限制</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>for: %1</source>
        <translation>对应：%1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1: measured %2 %3</source>
        <translation>%1：实测 %2 %3</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>grid %1</source>
        <translation>grid %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>at %1</source>
        <translation>%1 层级</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>launches: %1, total %2 (%3 of the file&apos;s time)</source>
        <translation>启动次数：%1，共 %2（占文件总时间的 %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>launch time: min %1, median %2, max %3</source>
        <translation>单次启动时间：最小 %1，中位数 %2，最大 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>AI %1 FLOP/B</source>
        <translation>AI %1 FLOP/B</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，在 %2 上</translation>
    </message>
</context>
<context>
    <name>ResultsSession</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/resultssession.cpp" line="+33"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>……以及另外 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <location line="+67"/>
        <location line="+183"/>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message numerus="yes">
        <location line="-169"/>
        <source>%1: %n kernel launch(es), listed under Kernels; no roofline point: %2</source>
        <translation>
            <numerusform>%1：%n 次 kernel 启动，已列入 kernel 表；没有 roofline 点：%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1: opened %n measurement(s); skipped what could not be used:</source>
        <translation>
            <numerusform>%1：已打开 %n 条测量；跳过了无法使用的内容：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 holds no measurements.</source>
        <translation>%1 中没有测量数据。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Opened %1 on its own and closed %2 (File → Add to open results keeps files open together).</source>
        <translation>已单独打开 %1，并关闭了 %2（“文件 → 添加到已打开的结果”可让多个文件同时打开）。</translation>
    </message>
    <message>
        <location line="+147"/>
        <source>Stopped reading %1; nothing was changed.</source>
        <translation>已停止读取 %1；没有做任何改动。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Could not compare with %1</source>
        <translation>无法与 %1 对比</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Comparing with %1: skipped what could not be used:</source>
        <translation>与 %1 对比：跳过了无法使用的内容：</translation>
    </message>
    <message>
        <location line="+86"/>
        <location line="+6"/>
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Could not keep the unsaved results of the last session: %1</source>
        <translation>无法保留上次会话未保存的结果：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not restore the unsaved results: %1</source>
        <translation>无法恢复未保存的结果：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>recovered</source>
        <translation>已恢复</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Restored %n unsaved measurement(s) of an earlier session.</source>
        <translation>
            <numerusform>已恢复上一次会话中 %n 条未保存的测量。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultsTableModel</name>
    <message>
        <location filename="../../app/gui/panels/resultstablemodel.cpp" line="+21"/>
        <source>FLOPs: %1</source>
        <translation>运算量：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>bytes: %1</source>
        <translation>字节数：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location line="+298"/>
        <source>ok</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FAILED</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>this session</source>
        <translation>本次会话</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>compared against the %1 ceiling</source>
        <translation>与 %1 上限比较</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bytes counted at %1</source>
        <translation>字节数按 %1 计</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n sample(s); median %1, min %2, max %3</source>
        <translation>
            <numerusform>%n 个样本；中位数 %1，最小 %2，最大 %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not checked (imported)</source>
        <translation>未校验（导入的数据）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max relative error %1 against %2</source>
        <translation>相对 %2 的最大相对误差 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>measured performance as a share of the roof at this intensity</source>
        <translation>实测性能占该算术强度下屋顶的比例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no performance model for this panel</source>
        <translation>此面板没有性能模型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not predicted: %1</source>
        <translation>未预测：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model does not know %1</source>
        <translation>模型不认识 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted %1, bound by %2</source>
        <translation>预测 %1，受 %2 限制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured %1: %2 against the prediction (positive = slower than predicted)</source>
        <translation>实测 %1：相对预测 %2（正数 = 比预测慢）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>double-click the row (or Explain) for every term</source>
        <translation>双击该行（或点“解释”）查看每一项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>imported from Nsight Compute</source>
        <translation>从 Nsight Compute 导入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>measured by RoofLab</source>
        <translation>由 RoofLab 测量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 in this session</source>
        <translation>本次会话中%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no row with the same kernel, data type and parameters in %1</source>
        <translation>%1 中没有 kernel、数据类型和参数都相同的行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median time against %1: %2 (negative = faster)%3</source>
        <translation>相对 %1 的中位时间：%2（负数 = 更快）%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, within the noise</source>
        <translation>，在噪声范围内</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B/s</source>
        <translation>B/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AI (FLOP/B)</source>
        <translation>AI (FLOP/B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check</source>
        <translation>校验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% of roof</source>
        <translation>占屋顶 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gap</source>
        <translation>差距</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Derived from</source>
        <translation>推导依据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change %</source>
        <translation>变化 %</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>median kernel time over the samples</source>
        <translation>各样本 kernel 时间的中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>arithmetic intensity: FLOPs per byte of memory traffic</source>
        <translation>算术强度：每字节访存的运算量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured FLOP/s (B/s for copies) as a share of the roofline at this intensity</source>
        <translation>实测 FLOP/s（拷贝类为 B/s）占该算术强度下 roofline 的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kernel time the performance model predicts (compute, issue, shared memory, L1, L2, HBM, latency, waves: the slowest plus the latency not hidden)</source>
        <translation>性能模型预测的 kernel 时间（计算、发射、shared memory、L1、L2、HBM、延迟、wave：取最慢的一项，再加上未被隐藏的延迟）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measured / predicted − 1: positive = slower than predicted</source>
        <translation>实测 / 预测 − 1：正数 = 比预测慢</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>median time against %1; negative = faster</source>
        <translation>相对 %1 的中位时间；负数 = 更快</translation>
    </message>
</context>
<context>
    <name>RooflineChart</name>
    <message>
        <location filename="../../app/gui/chart/rooflinechart.cpp" line="+111"/>
        <source>Arithmetic intensity (FLOP/B)</source>
        <translation>算术强度 (FLOP/B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Performance (FLOP/s)</source>
        <translation>性能 (FLOP/s)</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>ridge %1 FLOP/B</source>
        <translation>拐点 %1 FLOP/B</translation>
    </message>
    <message>
        <location line="+218"/>
        <location line="+17"/>
        <source>Roofline chart</source>
        <translation>Roofline 图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created by RoofLab</source>
        <translation>由 RoofLab 生成</translation>
    </message>
    <message>
        <location line="+464"/>
        <source>memory-bound</source>
        <translation>受内存限制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-bound</source>
        <translation>受计算限制</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>measured %1 %2 (%3)</source>
        <translation>实测 %1 %2（%3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured %1 %2</source>
        <translation>实测 %1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured %1 %2 (%3 probe)</source>
        <translation>实测 %1 %2（%3 探针）</translation>
    </message>
    <message>
        <location filename="../../app/gui/chart/chartpoints.cpp" line="+84"/>
        <source>L1</source>
        <translation>L1</translation>
    </message>
    <message>
        <location line="+173"/>
        <source>predicted (hollow)</source>
        <translation>预测（空心）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured (filled)</source>
        <translation>实测（实心）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>measured (filled; area: share of the time)</source>
        <translation>实测（实心；面积：时间占比）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 point</source>
        <translation>%1 点</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <location filename="../../app/gui/live/runspanel.cpp" line="+39"/>
        <source>one of %1</source>
        <translation>%1 之一</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, a multiple of %1</source>
        <translation>，%1 的倍数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run selected</source>
        <translation>运行选中项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run suite</source>
        <translation>运行测试集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measure ceilings</source>
        <translation>测量上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay…</source>
        <translation>回放…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The computer the kernels run on (Hosts… adds GPU servers and Slurm clusters)</source>
        <translation>运行 kernel 的计算机（“主机…”可添加 GPU 服务器和 Slurm 集群）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hosts…</source>
        <translation>主机…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The GPU runs go to; All GPUs runs on each one after another</source>
        <translation>运行所用的 GPU；“所有 GPU”会依次在每一块上运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Looking for a CUDA device…</source>
        <translation>正在查找 CUDA 设备…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;Waiting in the queue of %1&lt;/b&gt;&lt;br&gt;%2 (Cancel gives the place up)</source>
        <translation>&lt;b&gt;正在 %1 的队列中等待&lt;/b&gt;&lt;br&gt;%2（点“取消”放弃排队位置）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every parameter back to the kernel&apos;s default</source>
        <translation>把所有参数恢复为 kernel 的默认值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The ceiling probes, then every memory kernel in its fast and naive versions</source>
        <translation>先运行上限探针，再运行每个访存 kernel 的快速版本和朴素版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM, L2 and shared-memory bandwidth, FMA and tensor-core rates: the measured ceilings, drawn dashed beside the datasheet ones</source>
        <translation>HBM、L2 和 shared memory 带宽，FMA 和 Tensor Core 速率：实测上限，以虚线画在规格表上限旁边</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Play a saved results file back as if it were running now, paced as it was measured</source>
        <translation>回放已保存的结果文件，就像正在运行一样，节奏与测量时相同</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>at once</source>
        <translation>立即</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay speed: 1 × as measured, 0: everything at once</source>
        <translation>回放速度：1 × 与测量时相同，0：全部立即显示</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stop: a run stops after the kernel that is running, a replay at once</source>
        <translation>停止：运行会在当前 kernel 结束后停止，回放则立即停止</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Messages from the worker appear here.</source>
        <translation>worker 的消息显示在这里。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Could not read the kernel list from %1 (exit code %2): %3</source>
        <translation>无法从 %1 读取 kernel 列表（退出代码 %2）：%3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The kernel list is not available: %1 could not be started (%2). Set ROOFLAB_CLI to rooflab-cli&apos;s path.</source>
        <translation>kernel 列表不可用：无法启动 %1（%2）。请把 ROOFLAB_CLI 设为 rooflab-cli 的路径。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The kernel list is loading…</source>
        <translation>正在加载 kernel 列表…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(counted as the %1 workload at the %2 level)</source>
        <translation>（按 %2 层级的 %1 工作负载计）</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Data type of the inputs and outputs</source>
        <translation>输入和输出的数据类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>compute capability %1</source>
        <translation>计算能力 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 SMs</source>
        <translation>%1 个 SM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;No CUDA device found&lt;/b&gt;%1. Runs need an NVIDIA GPU; you can still &lt;b&gt;Replay…&lt;/b&gt; a results file and watch its points arrive as they were measured.</source>
        <translation>&lt;b&gt;没有找到 CUDA 设备&lt;/b&gt;%1。运行需要 NVIDIA GPU；你仍然可以&lt;b&gt;回放…&lt;/b&gt;一个结果文件，看着各个点按测量时的顺序出现。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No CUDA device: runs need an NVIDIA GPU.</source>
        <translation>没有 CUDA 设备：运行需要 NVIDIA GPU。</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>host: %1</source>
        <translation>主机：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All %1 GPUs, one after another</source>
        <translation>全部 %1 块 GPU，依次运行</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 on %2 GPUs</source>
        <translation>%1，在 %2 块 GPU 上</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Starting %1…</source>
        <translation>正在启动 %1…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started %1</source>
        <translation>已启动 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No CUDA device: runs need an NVIDIA GPU. Replay a results file instead.</source>
        <translation>没有 CUDA 设备：运行需要 NVIDIA GPU。可以改为回放一个结果文件。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No CUDA device: the suite needs an NVIDIA GPU.</source>
        <translation>没有 CUDA 设备：测试集需要 NVIDIA GPU。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the standard suite</source>
        <translation>标准测试集</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No CUDA device: the ceilings are measured on an NVIDIA GPU.</source>
        <translation>没有 CUDA 设备：上限需要在 NVIDIA GPU 上测量。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the ceiling probes</source>
        <translation>上限探针</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the replay of %1</source>
        <translation>%1 的回放</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Replay results</source>
        <translation>回放结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoofLab results (*.json);;All files (*)</source>
        <translation>RoofLab 结果 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelling %1: the kernel that runs finishes first…</source>
        <translation>正在取消 %1：先等正在运行的 kernel 结束…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 of %2: %3</source>
        <translation>第 %1 / %2 个：%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>done on one GPU: %1</source>
        <translation>在一块 GPU 上完成：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped on one GPU: %1: %2</source>
        <translation>在一块 GPU 上停止：%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Done: %1.</source>
        <translation>完成：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped: %1 (%2)</source>
        <translation>已停止：%1（%2）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stopped: %1: %2</source>
        <translation>已停止：%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>error (code %1): %2</source>
        <translation>错误（代码 %1）：%2</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../app/gui/shell/helpdialogs.cpp" line="+38"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>anywhere in the window</source>
        <translation>窗口内任意位置</translation>
    </message>
</context>
<context>
    <name>TermBar</name>
    <message>
        <location filename="../../app/gui/tile/termwords.cpp" line="-52"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>issue</source>
        <translation>发射</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared mem.</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L1 / global</source>
        <translation>L1 / 全局内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>waves, tail</source>
        <translation>wave、尾部</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Each bar is the time one resource would need alone. They overlap, so they do not add up: the lines under the bars show how the model combines them into the predicted time.</source>
        <translation>每根条表示某一资源单独所需的时间。它们相互重叠，不能直接相加：条下方的几行给出模型如何把它们合成为预测时间。</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/termbar.cpp" line="+96"/>
        <location line="+341"/>
        <source>predicted %1, bound by %2</source>
        <translation>预测 %1，受 %2 限制</translation>
    </message>
    <message>
        <location line="-301"/>
        <source>predicted %1</source>
        <translation>预测 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+302"/>
        <source>measured %1</source>
        <translation>实测 %1</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>No prediction for this configuration.</source>
        <translation>此配置没有预测。</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>the binding term</source>
        <translation>起决定作用的项</translation>
    </message>
</context>
<context>
    <name>TileCompiler</name>
    <message>
        <location filename="../../app/gui/tile/tilecompiler.cpp" line="+93"/>
        <source>out of memory while compiling</source>
        <translation>编译时内存不足</translation>
    </message>
</context>
<context>
    <name>TileExplorer</name>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+1236"/>
        <source>Measuring: %1</source>
        <translation>正在测量：%1</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="+217"/>
        <location line="+484"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run exactly this configuration on the GPU through rooflab-cli worker (checked against cuBLAS, then timed) and plot the measured point beside the prediction</source>
        <translation>通过 rooflab-cli worker 在 GPU 上运行这一配置（先与 cuBLAS 校验，再计时），并把实测点画在预测点旁边</translation>
    </message>
    <message>
        <location line="-468"/>
        <source>Terms</source>
        <translation>各项</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Set the explorer to plan %1</source>
        <translation>把探索面板设为方案 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>On A100</source>
        <translation>切到 A100</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Ladder at this size</source>
        <translation>该尺寸下的阶梯</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every step of the GEMM ladder (its default tile) at the current M, N, K: predicted points, and measured ones from the bundled H200 samples where they have this GPU and size</source>
        <translation>当前 M、N、K 下 GEMM 阶梯的每一步（使用各自的默认分块）：预测点，以及自带 H200 样例中同一 GPU、同一尺寸的实测点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+12"/>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="-187"/>
        <source>Ladder &amp;&amp; sweep</source>
        <translation>阶梯与扫描</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>A100 worked example</source>
        <translation>A100 算例</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>The course notes&apos; A100 example: 4096³ on TF32 tensor cores, 512 threads, double-buffered; the three plans side by side. Apply one to explore from it.</source>
        <translation>讲义中的 A100 算例：4096³，TF32 Tensor Core，512 线程，双缓冲；三个方案并排比较。应用其中一个，从它开始探索。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Switch the GPU to the A100 of the worked example</source>
        <translation>把 GPU 切换为算例中的 A100</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>size D = M = N = K</source>
        <translation>尺寸 D = M = N = K</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured tiles (RoofLab&apos;s samples)</source>
        <translation>实测过的 tile（RoofLab 样例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model&apos;s best %1 tiles</source>
        <translation>模型排名前 %1 的 tile</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Measure sweep</source>
        <translation>测量扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run every point of the sweep through the worker, one after another</source>
        <translation>通过 worker 依次运行扫描中的每个点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>tile</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Double-click a row to set the explorer to that tile</source>
        <translation>双击一行，把探索器设为该分块</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>%1 (not for this step)</source>
        <translation>%1（不适用于这一步）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 for %2: slider values %3 (other values may be typed; they are checked)</source>
        <translation>%2 的 %1：滑块取值 %3（也可以手动输入其他值，会进行检查）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 for %2: %3</source>
        <translation>%2 的 %1：%3</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="-1059"/>
        <source>Switching to %1 set %2: the old values are not knobs of this step, or not in its range.</source>
        <translation>切换到 %1 时设置了 %2：原来的值不是这一步的参数，或超出了它的范围。</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="+88"/>
        <source>Tile explorer · %1</source>
        <translation>分块探索 · %1</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+83"/>
        <source>The performance model could not predict this launch (%1): the tile model&apos;s terms are shown.</source>
        <translation>性能模型无法预测这次启动（%1）：显示的是分块模型的各项。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 at the %2 peak × wave efficiency %3</source>
        <translation>%1，按 %2 峰值 × wave 效率 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 read without reuse / L2 bandwidth%2</source>
        <translation>%1 无复用读取 / L2 带宽%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (assumed)</source>
        <translation>（假定值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (L2 model) / HBM bandwidth</source>
        <translation>%1（L2 模型）/ HBM 带宽</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tile-model step has only the peak terms (compute, L2, HBM); a ladder step adds issue, shared memory, L1, latency and waves from its kernel.</source>
        <translation>分块模型这一步只有峰值项（计算、L2、HBM）；阶梯中的一步会根据其 kernel 加上发射、shared memory、L1、延迟和 wave 各项。</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>tensor throughput (%1)</source>
        <translation>Tensor Core 吞吐（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 throughput (CUDA cores)</source>
        <translation>%1 吞吐（CUDA Core）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2 bandwidth (assumed)</source>
        <translation>L2 带宽（假定值）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>L2 bandwidth</source>
        <translation>L2 带宽</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a GPU to see the prediction</source>
        <translation>选择一块 GPU 以查看预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No prediction: this configuration cannot run (see why below)</source>
        <translation>无法预测：这个配置不能运行（原因见下）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No prediction: %1</source>
        <translation>没有预测：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted %1 · %2 · bound by %3</source>
        <translation>预测 %1 · %2 · 受 %3 限制</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="+58"/>
        <source>No bar: this configuration cannot run.</source>
        <translation>没有条形：此配置无法运行。</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+27"/>
        <source>registers: %1 per thread, compiled (NVRTC, %2)</source>
        <translation>寄存器：每线程 %1 个，编译所得（NVRTC，%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; %1 bytes spilled to local memory</source>
        <translation>；%1 字节溢出到 local memory</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>registers: ≈ %1, estimated</source>
        <translation>寄存器：≈ %1，估计值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — compiling %1 with NVRTC…</source>
        <translation> — 正在用 NVRTC 编译 %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — no compile: %1</source>
        <translation> — 未编译：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (the tile-model step has no kernel to compile)</source>
        <translation>（分块模型这一步没有可编译的 kernel）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (nothing to compile for a configuration that cannot run)</source>
        <translation>（不能运行的配置无需编译）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1 is not an NVIDIA GPU: nothing to compile)</source>
        <translation>（%1 不是 NVIDIA GPU：无需编译）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>shared memory / block</source>
        <translation>每个 block 的 shared memory</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>intensity per stage</source>
        <translation>每级强度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+49"/>
        <source> FLOP/B</source>
        <translation> FLOP/B</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+51"/>
        <source>K iterations</source>
        <translation>K 方向迭代次数</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+50"/>
        <source>reads, no reuse</source>
        <translation>读取量（无复用）</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>C written</source>
        <translation>写出的 C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM bytes (L2 model)</source>
        <translation>HBM 字节数（L2 模型）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (no reuse)</source>
        <translation>（无复用）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HBM bytes (minimum)</source>
        <translation>HBM 字节数（最小值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>registers / thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks / SM</source>
        <translation>每 SM 的 block 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (limit: %2)</source>
        <translation>%1（受 %2 限制）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waves</source>
        <translation>波次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wave efficiency</source>
        <translation>波次效率</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+34"/>
        <source>compute term</source>
        <translation>计算项</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>issue term</source>
        <translation>发射项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared memory term</source>
        <translation>shared memory 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L1 term</source>
        <translation>L1 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2 term</source>
        <translation>L2 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM term</source>
        <translation>HBM 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>latency term</source>
        <translation>延迟项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waves term</source>
        <translation>波次项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (L2 bw assumed)</source>
        <translation>（L2 带宽为假定值）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>predicted time</source>
        <translation>预测时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted FLOP/s</source>
        <translation>预测 FLOP/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>intensity (HBM)</source>
        <translation>强度（HBM）</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="-261"/>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+2"/>
        <source>bound by</source>
        <translation>起决定作用的项</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+3"/>
        <source>smem / block</source>
        <translation>每 block 的 smem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AI / stage</source>
        <translation>每级 AI</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>blocks</source>
        <translation>block 数</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>HBM (L2 model)</source>
        <translation>HBM（L2 模型）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM minimum</source>
        <translation>HBM 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>regs / thread</source>
        <translation>每线程寄存器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wave eff.</source>
        <translation>波次效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AI (HBM)</source>
        <translation>AI（HBM）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bound</source>
        <translation>受限于</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>regs</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>smem</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warps</source>
        <translation>warp 数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>barriers</source>
        <translation>barrier 数</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>%1 is not there (yet)</source>
        <translation>%1 不存在（尚未生成）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>(RoofLab&apos;s samples: %1)</source>
        <translation>（RoofLab 样例：%1）</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>The ladder: every step&apos;s default tile at the current size, predicted (hollow) and, from RoofLab&apos;s samples, measured (filled).</source>
        <translation>阶梯：每一步在当前规模下的默认 tile，空心为预测，实心为 RoofLab 样例中的实测。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>RoofLab&apos;s samples were measured on %1; choose one of those GPUs to see them.</source>
        <translation>RoofLab 的样例测于 %1；选择其中一块 GPU 即可看到它们。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Measured at other sizes: %1.</source>
        <translation>在其他规模下测过：%1。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>measured tiles</source>
        <translation>实测过的 tile</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RoofLab&apos;s samples hold no %1 tile at %2×%3×%4 on %5.</source>
        <translation>RoofLab 的样例中没有 %5 上 %2×%3×%4 的 %1 tile。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the model&apos;s best tiles</source>
        <translation>模型排名最前的 tile</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model ranks the tiles of a ladder step on a GPU: pick a step other than &quot;%1&quot;.</source>
        <translation>模型只为某个 GPU 上的阶梯步骤排名 tile：请选择“%1”以外的步骤。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+32"/>
        <source>the model&apos;s best %1</source>
        <translation>模型前 %1</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>%1 tiles ranked by the model; compiling the leaders for their registers…</source>
        <translation>模型已为 %1 个分块排序；正在编译领先者以获取其寄存器数…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 tiles considered: %2 would spill registers, %3 ranked; the leaders compiled for their registers and ranked again (%4 compiles, %5 spilled, %6 failed; tiles the model predicts alike are shown once).</source>
        <translation>考察了 %1 个分块：%2 个会溢出寄存器，%3 个参与排序；领先者按编译所得的寄存器数重新排序（编译 %4 次，%5 个溢出，%6 个失败；模型预测相同的分块只显示一次）。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>None of the picks is measured yet: Measure sweep runs them.</source>
        <translation>入选的 tile 还都没有实测：点击“测量扫描”即可运行它们。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fastest measured pick: %1, %2.</source>
        <translation>实测最快的入选 tile：%1，%2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fastest tile of %1 in RoofLab&apos;s samples at this size: %2, %3; the pick reaches %4 % of it.</source>
        <translation>RoofLab 样例中该尺寸下 %1 最快的 tile：%2，%3；入选 tile 达到它的 %4 %。</translation>
    </message>
    <message>
        <location line="+218"/>
        <source>The prediction stands; the ladder view shows measured sample results.</source>
        <translation>预测照常显示；阶梯视图显示已测量的示例结果。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No CUDA device. %1</source>
        <translation>没有 CUDA 设备。%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No CUDA device (%1). %2</source>
        <translation>没有 CUDA 设备（%1）。%2</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="+203"/>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="-944"/>
        <source>the tile model with every knob free; registers are estimated</source>
        <translation>所有参数都可调的分块模型；寄存器数为估计值</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="+8"/>
        <source>&lt;b&gt;Why it cannot run:&lt;/b&gt;</source>
        <translation>&lt;b&gt;不能运行的原因：&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Measuring… (%1 queued)</source>
        <translation>正在测量……（排队 %1 个）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The tile-model step has no kernel: pick a ladder step to measure</source>
        <translation>分块模型这一步没有 kernel：请选择阶梯中的一步来测量</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>On %1, as in the worked example.</source>
        <translation>在 %1 上，与算例相同。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On %1 (the worked example uses an A100: press “On A100” to compare with its numbers).</source>
        <translation>在 %1 上（算例使用 A100：按“切到 A100”与其数值对比）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>* L2 bandwidth assumed (%1 × HBM): the spec database has no L2 figure.</source>
        <translation>* L2 带宽为假定值（%1 × HBM）：规格数据库中没有 L2 数据。</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+182"/>
        <source>≈ %1 (estimated)</source>
        <translation>≈ %1（估计）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (compiled)</source>
        <translation>%1（编译所得）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>binding term: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>起决定作用的项：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Predicted: %1</source>
        <translation>预测：%1</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tileexplorer.cpp" line="-327"/>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+10"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../../app/gui/tile/tilesession.cpp" line="+3"/>
        <location line="+47"/>
        <source>Measured: %1</source>
        <translation>实测：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ladder, predicted</source>
        <translation>阶梯，预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ladder, measured</source>
        <translation>阶梯，实测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sweep %1, predicted</source>
        <translation>扫描 %1，预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sweep %1, measured</source>
        <translation>扫描 %1，实测</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 was not loaded: %2</source>
        <translation>%1 未能加载：%2</translation>
    </message>
    <message>
        <location line="+226"/>
        <source>Ladder at %1×%2×%3: %4 of %5 steps predicted, %6 measured.</source>
        <translation>%1×%2×%3 的阶梯：%5 步中预测了 %4 步，实测 %6 步。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not on the trail: %1</source>
        <translation>未在轨迹上：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 is not a knob of %2 (%3): nothing to sweep</source>
        <translation>%1 不是 %2（%3）的参数：没有可扫描的</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>A sweep draws one knob over its legal values (the others as set above), or the size D = M = N = K.</source>
        <translation>扫描会让一个参数取遍它的合法值（其余参数按上面的设置），或者扫描尺寸 D = M = N = K。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sweep of %1 (%2): %3 of %4 points predicted, %5 measured.</source>
        <translation>%1 的扫描（%2）：%4 个点中预测了 %3 个，实测 %5 个。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Left out: %1</source>
        <translation>未包含：%1</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Measure: this configuration cannot run (see the reasons above).</source>
        <translation>测量：这个配置不能运行（原因见上）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure: the tile-model step has no kernel; pick a ladder step to measure.</source>
        <translation>测量：分块模型这一步没有 kernel；请选择阶梯中的一步来测量。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measuring %1 %2 through the worker (checked, then timed)…</source>
        <translation>正在通过 worker 测量 %1 %2（先校验，再计时）…</translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Measuring %n sweep point(s) through the worker…</source>
        <translation>
            <numerusform>正在通过 worker 测量 %n 个扫描点…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measure sweep: no point of the sweep has a kernel to run (sweep a ladder step).</source>
        <translation>测量扫描：扫描中没有任何点有可运行的 kernel（请扫描阶梯中的某一步）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>measured %1</source>
        <translation>实测 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 % slower</source>
        <translation>慢 %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 % faster</source>
        <translation>快 %1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted %1, measured %2, %3; binding term: %4</source>
        <translation>预测 %1，实测 %2，%3；起决定作用的项：%4</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: the result check FAILED (%2), so the point is not plotted.</source>
        <translation>%1：结果校验未通过（%2），所以没有画出这个点。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max rel. error %1</source>
        <translation>最大相对误差 %1</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+104"/>
        <source>Measure failed: %1</source>
        <translation>测量失败：%1</translation>
    </message>
</context>
<context>
    <name>WorkerClient</name>
    <message>
        <location filename="../../app/client/workerclient.cpp" line="+100"/>
        <source>this computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>host &quot;%1&quot;</source>
        <translation>主机“%1”</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>The command of %1 cannot be used: %2.</source>
        <translation>无法使用 %1 的命令：%2。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The kernel worker rooflab-cli was not found at &quot;%1&quot;: install it next to rooflab or set ROOFLAB_CLI to its path.</source>
        <translation>在“%1”没有找到 kernel worker rooflab-cli：请把它安装在 rooflab 旁边，或把 ROOFLAB_CLI 设为它的路径。</translation>
    </message>
    <message>
        <location line="+59"/>
        <location line="+1"/>
        <source>cancelled: the worker was stopped</source>
        <translation>已取消：worker 已停止</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A replay is running: wait for it to end or cancel it first.</source>
        <translation>正在回放：请等它结束或先取消。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>looking for CUDA devices</source>
        <translation>正在查找 CUDA 设备</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the %1 suite</source>
        <translation>%1 测试集</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the ceiling probes</source>
        <translation>上限探针</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The worker is busy: cancel what runs before replaying a file.</source>
        <translation>worker 正忙：回放文件之前请先取消正在运行的任务。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the replay of %1</source>
        <translation>%1 的回放</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>cancelled while waiting in the queue of %1</source>
        <translation>在 %1 的队列中等待时已取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled while connecting to %1</source>
        <translation>连接 %1 时已取消</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>nothing (no request was open)</source>
        <translation>无（没有未完成的请求）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The kernel worker sent a line of more than %1 MiB while running %2.</source>
        <translation>kernel worker 在运行 %2 时发来了一行超过 %1 MiB 的数据。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 sent no hello (its first line: &quot;%2&quot;): it speaks worker protocol 1, this RoofLab speaks %3. Install the same RoofLab version there.</source>
        <translation>%1 没有发送 hello（其第一行：“%2”）：它使用 worker 协议 1，而本 RoofLab 使用 %3。请在那里安装相同版本的 RoofLab。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ignored a line from the worker: %1</source>
        <translation>忽略了 worker 发来的一行：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 speaks worker protocol %2, this RoofLab speaks %3: install RoofLab %4 there (it has %5).</source>
        <translation>%1 使用 worker 协议 %2，本 RoofLab 使用 %3：请在那里安装 RoofLab %4（它装的是 %5）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>an unknown version</source>
        <translation>未知版本</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+112"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="-111"/>
        <source>Lost the connection to %1: nothing came for %2 s, not even the answer to a ping, while running %3.</source>
        <translation>与 %1 的连接已断开：运行 %3 时 %2 s 内没有收到任何数据，连 ping 的应答也没有。</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1 faulted and took the worker&apos;s CUDA context with it: %2.</source>
        <translation>%1 出错，并导致 worker 的 CUDA 上下文失效：%2。</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+25"/>
        <source>it crashed</source>
        <translation>它崩溃了</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not start the worker on %1: &quot;%2&quot; ended (%3) before the worker answered%4.</source>
        <translation>无法在 %1 上启动 worker：“%2”在 worker 应答之前已结束（%3）%4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost the connection to %1 (%2) while running %3%4.</source>
        <translation>运行 %3 时与 %1 的连接已断开（%2）%4。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>it exited with code %1</source>
        <translation>它以代码 %1 退出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The replay stopped unexpectedly (%1) while replaying %2.</source>
        <translation>回放 %2 时意外停止（%1）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel worker stopped unexpectedly (%1) while running %2.</source>
        <translation>kernel worker 在运行 %2 时意外停止（%1）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not start the worker on %1: &quot;%2&quot; could not be run: %3</source>
        <translation>无法在 %1 上启动 worker：无法运行“%2”：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The kernel worker %1 could not be started: %2</source>
        <translation>无法启动 kernel worker %1：%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No answer from %1 within %2 s (no hello from its worker)%3.</source>
        <translation>%1 在 %2 s 内没有应答（其 worker 未发送 hello）%3。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The kernel worker sent nothing for %1 s while running %2; it was stopped (the kernel may hang).</source>
        <translation>kernel worker 在运行 %2 时 %1 秒没有任何输出，已被停止（kernel 可能卡死了）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The worker was restarted; every result received before is kept.</source>
        <translation>worker 已重启；之前收到的所有结果都已保留。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every result received before is kept; send the run again when the host answers.</source>
        <translation>之前收到的结果都会保留；主机恢复响应后请重新发送这次运行。</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <location filename="../../app/gui/panels/workloadpanel.cpp" line="+35"/>
        <source>Hkv (KV heads)</source>
        <translation>Hkv（KV 头数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sq (query tokens)</source>
        <translation>Sq（查询 token 数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S (KV length)</source>
        <translation>S（KV 长度）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fused (FlashAttention)</source>
        <translation>融合（FlashAttention）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights stored in</source>
        <translation>权重存储为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>group (weights per scale)</source>
        <translation>group（每个缩放因子对应的权重数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unfused (separate kernels)</source>
        <translation>不融合（拆成独立 kernel）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual add</source>
        <translation>残差加法</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Key/value heads. Fewer than H (and dividing it) is grouped-query attention, 1 is multi-query; 0 means as many as H (multi-head attention).</source>
        <translation>键/值头（KV 头）数。少于 H（且能整除 H）为分组查询注意力，1 为多查询注意力；0 表示与 H 相同（多头注意力）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query tokens per sequence: 1 is a decode step (one new token against S cached ones); 0 means the same as S (self-attention, a prefill).</source>
        <translation>每条序列的查询 token 数：1 为 decode 步（一个新 token 对 S 个已缓存的 token）；0 表示与 S 相同（自注意力，即 prefill）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keys and values each query attends to: the KV cache&apos;s length.</source>
        <translation>每个查询所关注的键和值：即 KV cache 的长度。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight-only quantization: the weights in 8 or 4 bits with one FP16 scale per group, the activations and the output in the data type above (W8A16, W4A16).</source>
        <translation>仅权重量化：权重用 8 位或 4 位存储，每组一个 FP16 缩放因子，激活和输出使用上面的数据类型（W8A16、W4A16）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights that share one FP16 scale along K (used with 8- or 4-bit weights).</source>
        <translation>沿 K 方向共享一个 FP16 缩放因子的权重数（用于 8 位或 4 位权重）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unfused: the residual add writes h, then RMSNorm reads it back (10 instead of 8 bytes per element in BF16).</source>
        <translation>不融合：残差加法写出 h，RMSNorm 再把它读回来（BF16 下每个元素 10 字节而不是 8 字节）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unfused: RMSNorm writes BF16, then a second kernel reads it and writes FP8 (7 instead of 3 bytes per element).</source>
        <translation>不融合：RMSNorm 写出 BF16，第二个 kernel 再读入并写出 FP8（每个元素 7 字节而不是 3 字节）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unfused: SiLU(gate) goes to a buffer that the multiply reads back (10 instead of 6 bytes per element in BF16).</source>
        <translation>不融合：SiLU(gate) 写入一个缓冲区，乘法再把它读回来（BF16 下每个元素 10 字节而不是 6 字节）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unfused: K is rotated in place, then copied into the KV cache (8 instead of 4 bytes per element in BF16).</source>
        <translation>不融合：K 先原地旋转，再拷贝进 KV cache（BF16 下每个元素 8 字节而不是 4 字节）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Count the separate kernels the fused one replaces.</source>
        <translation>按融合 kernel 所取代的各个独立 kernel 计算。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fused: Q, K and V read and O written once. Unticked: the scores and probabilities are also written and read back.</source>
        <translation>融合：Q、K、V 只读一次，O 只写一次。不勾选：分数和概率也要写出再读回。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add point</source>
        <translation>添加点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Points on the chart:</source>
        <translation>图表上的点：</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>the data type (not quantized)</source>
        <translation>数据类型本身（不量化）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>8 bits (W8A16)</source>
        <translation>8 位（W8A16）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4 bits (W4A16)</source>
        <translation>4 位（W4A16）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>same as H</source>
        <translation>与 H 相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>same as S (prefill)</source>
        <translation>与 S 相同（prefill）</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>Added %1.</source>
        <translation>已添加 %1。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 does no arithmetic (0 FLOPs), so it has no point on a roofline. It moves %2; at the memory bandwidth (%3) that takes at least %4.</source>
        <translation>%1 不做任何运算（0 FLOP），所以在 roofline 上没有对应的点。它要搬运 %2；按内存带宽（%3）至少需要 %4。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 has no compute or memory ceiling for %2.</source>
        <translation>%1 没有 %2 的算力或内存上限。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>memory-bound</source>
        <translation>受内存限制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>compute-bound</source>
        <translation>受计算限制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2&lt;br&gt;FLOPs: %3&lt;br&gt;Bytes (minimum traffic): %4&lt;br&gt;Arithmetic intensity: %5 FLOP/B&lt;br&gt;Attainable: %6 (%7 vs %8)&lt;br&gt;Bound: %9&lt;br&gt;Best-case time: %10</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，在 %2 上&lt;br&gt;运算量：%3&lt;br&gt;字节数（最小访存量）：%4&lt;br&gt;算术强度：%5 FLOP/B&lt;br&gt;可达性能：%6（%7 对 %8）&lt;br&gt;瓶颈：%9&lt;br&gt;最佳情况耗时：%10</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1
    AI %2 FLOP/B, %3</source>
        <translation>%1
    AI %2 FLOP/B，%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — not on this GPU&apos;s roofline</source>
        <translation>%1 — 不在这块 GPU 的 roofline 上</translation>
    </message>
</context>
<context>
    <name>chartexport</name>
    <message>
        <location filename="../../app/gui/panels/chartexport.cpp" line="+35"/>
        <source>%1: unknown name &quot;%2&quot; (known: %3)</source>
        <translation>%1：未知名称“%2”（已知：%3）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>--size takes WIDTHxHEIGHT from 200x150 to 10000x10000, e.g. 1600x1000 (got &quot;%1&quot;)</source>
        <translation>--size 接受 200x150 到 10000x10000 之间的 WIDTHxHEIGHT，例如 1600x1000（实际为“%1”）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>--export-chart writes .svg, .pdf or .png; &quot;%1&quot; has none of these extensions</source>
        <translation>--export-chart 只能写出 .svg、.pdf 或 .png；“%1”不是这些扩展名</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>--export-chart needs results to draw: --results FILE (or files after the options)</source>
        <translation>--export-chart 需要要绘制的结果：--results FILE（或放在选项之后的文件）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>unknown GPU &quot;%1&quot; (see: rooflab-cli gpus)</source>
        <translation>未知 GPU“%1”（参见：rooflab-cli gpus）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the spec database has no GPUs to draw the roofs of</source>
        <translation>规格数据库中没有可用来绘制屋顶的 GPU</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>nothing to draw: no measurement in %1 has FLOPs, bytes and a time (for the levels and precisions asked for)</source>
        <translation>没有可绘制的内容：%1 中没有任何测量同时具备运算量、字节数和时间（针对所要求的层级和精度）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrote %1 (%2x%3, %4 kernel point(s), %5)</source>
        <translation>已写入 %1（%2x%3，%4 个 kernel 点，%5）</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <location filename="../../app/cli/cmd_ladder.cpp" line="+204"/>
        <source>Runs the GEMM ladder (naive ... wgmma + TMA) and its cuBLAS references, each step checked against cuBLAS, and sweeps random tile configurations.</source>
        <translation>运行 GEMM 阶梯（朴素实现……wgmma + TMA）及其 cuBLAS 参考，每一步都与 cuBLAS 校验，并扫描随机的分块配置。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--fp32-size and --tc-size take a whole number from 1 to 32768</source>
        <translation>--fp32-size 和 --tc-size 接受 1 到 32768 的整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--size takes a whole number from 1 to 32768</source>
        <translation>--size 接受 1 到 32768 的整数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--seed takes a whole number</source>
        <translation>--seed 接受一个整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--sweep takes a whole number from 0 to 200</source>
        <translation>--sweep 接受 0 到 200 的整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--sweep-extra takes a whole number from 0 to 200</source>
        <translation>--sweep-extra 接受 0 到 200 的整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--budget takes seconds between 0 and 60</source>
        <translation>--budget 接受 0 到 60 之间的秒数</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>GPU %1: rooflab-cli %2</source>
        <translation>GPU %1：rooflab-cli %2</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>--device takes a device index or &quot;all&quot;</source>
        <translation>--device 接受一个设备索引或“all”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--steps: &quot;%1&quot; is not a GEMM ladder id (they are: %2)</source>
        <translation>--steps：“%1”不是 GEMM 阶梯的 id（可用的有：%2）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>--set %1: expected ID:NAME=VALUE with a ladder step and one of its parameters</source>
        <translation>--set %1：应为 ID:NAME=VALUE，其中 ID 是阶梯中的一步，NAME 是它的一个参数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--set: %1</source>
        <translation>--set：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>--profile runs only here, not through a host; measuring without it</source>
        <translation>--profile 只能在本机运行，不能通过主机运行；本次不带它测量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>--device %1: %2 has %3 devices</source>
        <translation>--device %1：%2 只有 %3 个设备</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 (needs sm_90, the device is %2)</source>
        <translation>%1（需要 sm_90，当前设备是 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (needs sm_80 or newer)</source>
        <translation>%1（需要 sm_80 或更新）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (fp8 needs sm_89 or newer, the device is %2)</source>
        <translation>%1（fp8 需要 sm_89 或更新，当前设备是 %2）</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>GEMM ladder on %1 (%2): fp32 steps at %3^3, tensor-core steps at %4^3</source>
        <translation>%1（%2）上的 GEMM 阶梯：fp32 各步为 %3^3，Tensor Core 各步为 %4^3</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>sweeping %1 random tile configurations of %2</source>
        <translation>正在扫描 %2 的 %1 个随机分块配置</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>best tile configurations found:</source>
        <translation>找到的最佳分块配置：</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 measurements, %2 checks passed</source>
        <translation>%1 条测量，%2 项校验通过</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location filename="../../app/cli/cmd_replay.cpp" line="+54"/>
        <source>replay: name one results file</source>
        <translation>replay：请指定一个结果文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--speed: &quot;%1&quot; is not a number &gt;= 0</source>
        <translation>--speed：“%1”不是 &gt;= 0 的数字</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>replayed %1</source>
        <translation>已回放 %1</translation>
    </message>
    <message>
        <location filename="../../app/cli/cmd_explain.cpp" line="+126"/>
        <source>results files (RoofLab JSON), or folders of them</source>
        <translation>结果文件（RoofLab JSON），或包含它们的文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>predict the same kernels on another GPU of the database (a prediction only)</source>
        <translation>在数据库中的另一块 GPU 上预测相同的 kernel（仅预测）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only measurements of this kernel id</source>
        <translation>只看此 kernel id 的测量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>use the measured ceilings of this results file (default: those of the files given, per device)</source>
        <translation>使用此结果文件的实测性能上限（默认：按设备使用所给文件的上限）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>after the table, how the terms combine into each predicted time (shown by itself for ten rows or fewer)</source>
        <translation>在表格之后列出各项如何合成为每个预测时间（十行或更少时自动显示）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../app/cli/cmd_llm.cpp" line="+68"/>
        <location line="+90"/>
        <source>machine-readable output</source>
        <translation>机器可读的输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The performance model&apos;s prediction beside every measurement it knows, term by term.</source>
        <translation>在性能模型认识的每条测量旁给出其预测，逐项列出。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>explain needs at least one results file</source>
        <translation>explain 至少需要一个结果文件</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>rooflab-cli: %1: %2</source>
        <translation>rooflab-cli：%1：%2</translation>
    </message>
    <message>
        <location line="+157"/>
        <source>%1: its GPU (%2) is not in the spec database; name one with --gpu</source>
        <translation>%1：其 GPU（%2）不在规格数据库中；请用 --gpu 指定一块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>--ceilings: %1</source>
        <translation>--ceilings：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rooflab-cli: --ceilings: %1</source>
        <translation>rooflab-cli：--ceilings：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>predictions for a GPU the files were not measured on: no gaps</source>
        <translation>针对并非测量所用 GPU 的预测：不计算差距</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>  %1 #%2 %3 %4: %5</source>
        <translation>  %1 #%2 %3 %4：%5</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Ceilings for %1: %2</source>
        <translation>%1 所用的上限：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predictions for %1 (measured on another GPU: the measured column is that GPU&apos;s)</source>
        <translation>%1 上的预测（测量在另一块 GPU 上进行：实测列是那块 GPU 的数据）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../app/cli/cmd_import.cpp" line="+272"/>
        <location line="+67"/>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gap</source>
        <translation>差距</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../app/cli/cmd_import.cpp" line="+1"/>
        <location filename="../../app/cli/cmd_llm.cpp" line="+75"/>
        <source>bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>#%1 %2 (profiled):</source>
        <translation>#%1 %2（已 profile）：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>#%1 %2 %3: how the terms combine</source>
        <translation>#%1 %2 %3：各项如何合成</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not explained:</source>
        <translation>未解释：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 explained, %2 not; median |gap| %3 %, worst %4 %</source>
        <translation>已解释 %1 条，未解释 %2 条；|差距| 中位数 %3 %，最差 %4 %</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  Spearman rank correlation %1: %2</source>
        <translation>  Spearman 秩相关系数 %1：%2</translation>
    </message>
    <message>
        <location filename="../../app/cli/compilemix.cpp" line="+95"/>
        <source>counted from the SASS (%1)</source>
        <translation>从 SASS 统计（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>counted from the PTX (no disassembler found: integer and address arithmetic is an estimate)</source>
        <translation>从 PTX 统计（未找到反汇编器：整数和地址运算为估计值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>instruction mix of %1, warp instructions of one main-loop iteration, %2:</source>
        <translation>%1 的指令构成，主循环一次迭代的 warp 指令数，%2：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>instruction mix of %1, the whole kernel (it has no loop), %2:</source>
        <translation>%1 的指令构成，整个 kernel（没有循环），%2：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>; total %1</source>
        <translation>；合计 %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the worker sent no instruction mix</source>
        <translation>worker 没有发送指令构成</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>instruction mix of %1, warp instructions of one main-loop iteration, counted from the %2:</source>
        <translation>%1 的指令构成，主循环一次迭代的 warp 指令数，从 %2 统计：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>instruction mix of %1, the whole kernel (it has no loop), counted from the %2:</source>
        <translation>%1 的指令构成，整个 kernel（没有循环），从 %2 统计：</translation>
    </message>
    <message>
        <location filename="../../app/cli/remote.cpp" line="+59"/>
        <source>--host and --via cannot be used together</source>
        <translation>--host 和 --via 不能同时使用</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--via: %1 (it is the command that starts rooflab-cli worker)</source>
        <translation>--via：%1（它是启动 rooflab-cli worker 的命令）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>--host: no host &quot;%1&quot; in the settings (hosts: %2)</source>
        <translation>--host：设置中没有主机“%1”（已有主机：%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>--device: &quot;%1&quot; is not a device index or &quot;all&quot;</source>
        <translation>--device：“%1”不是设备索引或“all”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>--device: &quot;%1&quot; is not a device index</source>
        <translation>--device：“%1”不是设备索引</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>waiting: %1</source>
        <translation>等待中：%1</translation>
    </message>
    <message>
        <location filename="../../app/cli/cmd_import.cpp" line="-189"/>
        <source>Nsight Compute CSV exports (--page raw or details) or .ncu-rep reports</source>
        <translation>Nsight Compute 导出的 CSV（--page raw 或 details）或 .ncu-rep 报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write the points as a RoofLab results file (atomically)</source>
        <translation>把这些点写成一个 RoofLab 结果文件（原子写入）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the GPU of the spec database that decides &quot;bound&quot; (default: the profile&apos;s device)</source>
        <translation>规格数据库中用来判定“瓶颈”的 GPU（默认：profile 所用的设备）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>machine-readable output (full kernel names)</source>
        <translation>机器可读的输出（完整 kernel 名称）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reads Nsight Compute profiles as roofline points and prints one row per kernel (name, grid, block): launches, total time, share of the time, FLOP/s, intensity per memory level, bound.</source>
        <translation>把 Nsight Compute 的 profile 读成 roofline 点，并为每个 kernel（名称、grid、block）打印一行：启动次数、总时间、时间占比、FLOP/s、各内存层级的算术强度、瓶颈。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>import needs at least one CSV export or .ncu-rep report</source>
        <translation>import 至少需要一个导出的 CSV 或 .ncu-rep 报告</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 was profiled on %2, the first file on %3; the results carry the first name</source>
        <translation>%1 是在 %2 上 profile 的，而第一个文件是在 %3 上；结果使用第一个名称</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+67"/>
        <source>grid</source>
        <translation>grid</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+67"/>
        <source>block</source>
        <translation>block</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+66"/>
        <source>launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+66"/>
        <location filename="../../app/cli/cmd_llm.cpp" line="+0"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+66"/>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>no roofline points, so no results file was written to %1</source>
        <translation>没有 roofline 点，因此没有向 %1 写入结果文件</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>I hbm</source>
        <translation>I hbm</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>I l2</source>
        <translation>I l2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>I l1</source>
        <translation>I l1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n launch(es), %1 point(s) from %2 file(s)%3</source>
        <translation>
            <numerusform>%n 次启动，%1 个点，来自 %2 个文件%3</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; written to %1</source>
        <translation>；已写入 %1</translation>
    </message>
    <message>
        <location filename="../../app/cli/cmd_llm.cpp" line="-176"/>
        <source>a model preset (%1): its layers, KV heads, head size and weight bytes</source>
        <translation>模型预设（%1）：取其层数、KV 头数、头维度和权重字节数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>decoder layers</source>
        <translation>decoder 层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>key/value heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head size</source>
        <translation>头维度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+87"/>
        <source>sequences in the batch</source>
        <translation>batch 中的序列数</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>tokens in each sequence&apos;s cache</source>
        <translation>每条序列缓存中的 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache type: %1</source>
        <translation>KV cache 的数据类型：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bytes of weights a decode step reads (for where the KV reads pass them)</source>
        <translation>一个 decode 步读取的权重字节数（用来求 KV 读取量在何处超过它）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU id (for a preset&apos;s weight bytes; any GPU gives the same)</source>
        <translation>GPU id（用于预设的权重字节数；任何 GPU 结果都相同）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The KV cache of a decoder model: bytes per token, in total for B × S tokens, and the B × S at which a decode step&apos;s KV reads pass its weight reads.</source>
        <translation>decoder 模型的 KV cache：每个 token 的字节数、B × S 个 token 的总字节数，以及 decode 步的 KV 读取量超过权重读取量时的 B × S。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--dtype: unknown data type &quot;%1&quot;</source>
        <translation>--dtype：未知数据类型“%1”</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+84"/>
        <source>--model: unknown preset &quot;%1&quot; (known: %2)</source>
        <translation>--model：未知预设“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>kvcache needs --layers, --Hkv and --D (each at least 1), or --model</source>
        <translation>kvcache 需要 --layers、--Hkv 和 --D（每个至少为 1），或 --model</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--B and --S must each be at least 1</source>
        <translation>--B 和 --S 都必须至少为 1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>KV per token</source>
        <translation>每个 token 的 KV</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tokens (B × S)</source>
        <translation>token 数（B × S）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV read per decode step</source>
        <translation>每个 decode 步读取的 KV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights read per step</source>
        <translation>每步读取的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV reads pass the weight reads at</source>
        <translation>KV 读取量超过权重读取量的位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B × S ≈ %1 tokens</source>
        <translation>B × S ≈ %1 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV share of the step&apos;s reads</source>
        <translation>KV 占这一步读取量的比例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>model preset: %1</source>
        <translation>模型预设：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU id</source>
        <translation>GPU id</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV length (tokens in the cache, this step&apos;s included)</source>
        <translation>KV 长度（缓存中的 token 数，包括这一步的）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query tokens per sequence this step (1: a decode step)</source>
        <translation>这一步每条序列的查询 token 数（1：decode 步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a prefill step: Sq = S</source>
        <translation>prefill 步：Sq = S</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weight format: %1</source>
        <translation>权重格式：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w8a16/w4a16: weights per fp16 scale</source>
        <translation>w8a16/w4a16：每个 fp16 缩放因子对应的权重数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one decoder layer instead of the whole model step</source>
        <translation>只算一个 decoder 层，而不是整个模型的一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the small operators and attention as separate kernels</source>
        <translation>小算子和注意力按独立 kernel 计算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The operators of one decoder step of a model with their roofline points, and the step&apos;s time at the roofline.</source>
        <translation>模型一个 decoder 步中的各个算子及其 roofline 点，以及这一步在 roofline 上的时间。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--weights: unknown format &quot;%1&quot; (known: %2)</source>
        <translation>--weights：未知格式“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1 on %2: %3 × %4 query token(s), KV length %5, %6 weights%7</source>
        <translation>%1 在 %2 上：%3 × %4 个查询 token，KV 长度 %5，%6 权重%7</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, one layer</source>
        <translation>，单层</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>count</source>
        <translation>个数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ceiling</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>step at the roofline: %1; weights read %2, KV read %3 (%4 % of the bytes)</source>
        <translation>roofline 上这一步的时间：%1；读取权重 %2，读取 KV %3（占字节数的 %4 %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shapes: %1</source>
        <translation>形状来源：%1</translation>
    </message>
</context>
<context>
    <name>cli::Profiler</name>
    <message>
        <location filename="../../app/cli/profiler.cpp" line="+95"/>
        <source>profile: Nsight Compute (ncu) not found on PATH, in $CUDA_HOME/bin or /usr/local/cuda/bin; measuring without counters</source>
        <translation>profile：在 PATH、$CUDA_HOME/bin 或 /usr/local/cuda/bin 中都找不到 Nsight Compute（ncu）；本次不采集计数器测量</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>profile: %1 could not be started (%2); no counters</source>
        <translation>profile：无法启动 %1（%2）；没有计数器数据</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>profile: ncu did not finish within %1 s; no counters</source>
        <translation>profile：ncu 未在 %1 s 内结束；没有计数器数据</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>profile: ncu may not read this GPU&apos;s performance counters (ERR_NVGPUCTRPERM; see https://developer.nvidia.com/ERR_NVGPUCTRPERM); measuring without counters</source>
        <translation>profile：ncu 可能无权读取这块 GPU 的性能计数器（ERR_NVGPUCTRPERM；见 https://developer.nvidia.com/ERR_NVGPUCTRPERM）；本次不采集计数器测量</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>no launch of %1 matched</source>
        <translation>没有与 %1 匹配的启动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ncu exited with code %1: %2</source>
        <translation>ncu 以退出码 %1 退出：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>profile: %1; no counters</source>
        <translation>profile：%1；没有计数器数据</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile: ncu refused the metrics asked for; no counters</source>
        <translation>profile：ncu 拒绝了所请求的指标；没有计数器数据</translation>
    </message>
</context>
<context>
    <name>cli::RemoteSession</name>
    <message>
        <location filename="../../app/cli/remote.cpp" line="+90"/>
        <source>waiting: %1</source>
        <translation>等待中：%1</translation>
    </message>
</context>
<context>
    <name>cli::Worker</name>
    <message>
        <location filename="../../app/cli/cmd_worker.cpp" line="+116"/>
        <source>stdin was closed before it started</source>
        <translation>在开始之前 stdin 已关闭</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：偏移 %2 处 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a request must be a JSON object</source>
        <translation>请求必须是 JSON 对象</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>a request needs a &quot;request&quot; string (one of: %1, cancel, ping)</source>
        <translation>请求需要一个“request”字符串（可选：%1、cancel、ping）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown request &quot;%1&quot; (known: %2, cancel, ping)</source>
        <translation>未知请求“%1”（已知：%2、cancel、ping）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cancel: name the request to stop in &quot;target&quot;</source>
        <translation>cancel：请在“target”中指定要停止的请求</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no request &quot;%1&quot; is queued or running</source>
        <translation>没有排队或正在运行的请求“%1”</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>cancelled: %1</source>
        <translation>已取消：%1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>replay: name a results file in &quot;file&quot; (and a &quot;speed&quot; &gt;= 0)</source>
        <translation>replay：请在“file”中指定一个结果文件（以及 &gt;= 0 的“speed”）</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+8"/>
        <source>stopped after %1 of %2 measurements</source>
        <translation>在 %2 条测量中完成 %1 条后停止</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>replayed %1</source>
        <translation>已回放 %1</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>run: name a kernel in &quot;kernel&quot;</source>
        <translation>run：请在“kernel”中指定 kernel</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+200"/>
        <source>unknown kernel &quot;%1&quot; (see: rooflab-cli kernels)</source>
        <translation>未知 kernel“%1”（参见：rooflab-cli kernels）</translation>
    </message>
    <message>
        <location line="-187"/>
        <source>&quot;samples&quot; must be 1 to 100000 (0 or absent: automatic)</source>
        <translation>“samples”必须在 1 到 100000 之间（0 或省略：自动）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: profiling under Nsight Compute</source>
        <translation>%1：正在 Nsight Compute 下 profile</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the run had finished; its measurement is kept</source>
        <translation>运行已经结束；测量结果已保留</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>ceilings: none of the probes named is known</source>
        <translation>ceilings：指定的探针都不认识</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>suite: unknown kernel &quot;%1&quot;</source>
        <translation>suite：未知 kernel“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>suite: %1: %2</source>
        <translation>suite：%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>suite: &quot;kernels&quot; is empty</source>
        <translation>suite：“kernels”为空</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>suite: unknown name &quot;%1&quot; (known: standard, memory, ceilings, llm)</source>
        <translation>suite：未知名称“%1”（已知：standard、memory、ceilings、llm）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>stopped after %1 of %2 kernels</source>
        <translation>在 %2 个 kernel 中的第 %1 个之后停止</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 stopped the batch</source>
        <translation>%1 中止了这一批</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 kernels done</source>
        <translation>%1 个 kernel 已完成</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n kernel(s) failed or failed their check</source>
        <translation>
            <numerusform>%n 个 kernel 运行失败或未通过校验</numerusform>
        </translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 is not a compiled kernel (nothing to compile)</source>
        <translation>%1 不是需要编译的 kernel（无需编译）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>compile: &quot;arch&quot; is required (there is no CUDA device to take it from), e.g. &quot;sm_90&quot;</source>
        <translation>compile：必须提供“arch”（没有 CUDA 设备可供推断），例如“sm_90”</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: compiling for %2</source>
        <translation>%1：正在为 %2 编译</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>stopped after %1 ms</source>
        <translation>在 %1 ms 后停止</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sleeping %1 ms</source>
        <translation>休眠 %1 ms</translation>
    </message>
</context>
<context>
    <name>help</name>
    <message>
        <location filename="../../app/gui/shell/helpdialogs.cpp" line="-144"/>
        <source>built outside a git checkout</source>
        <translation>不是在 git 检出目录中构建的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built from commit %1</source>
        <translation>构建自提交 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;RoofLab %1&lt;/h3&gt;&lt;p&gt;%2, with Qt %3.&lt;/p&gt;&lt;p&gt;Roofline charts, occupancy, GEMM tiles and measured results: first compute how fast a kernel can be, then measure how fast it is, then explain the gap.&lt;/p&gt;&lt;p&gt;MIT License. Copyright © 2026 The RoofLab contributors. The occupancy arithmetic is NVIDIA&apos;s cuda_occupancy.h (see THIRD_PARTY.md); charts by QCustomPlot (GNU GPL v3).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RoofLab %1&lt;/h3&gt;&lt;p&gt;%2，使用 Qt %3。&lt;/p&gt;&lt;p&gt;Roofline 图、占用率、GEMM 分块与实测结果：先算出一个 kernel 最快能有多快，再测出它实际有多快，然后解释两者的差距。&lt;/p&gt;&lt;p&gt;MIT 许可证。Copyright © 2026 The RoofLab contributors。占用率计算使用 NVIDIA 的 cuda_occupancy.h（见 THIRD_PARTY.md）；图表由 QCustomPlot 绘制（GNU GPL v3）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>About RoofLab</source>
        <translation>关于 RoofLab</translation>
    </message>
</context>
<context>
    <name>kernels</name>
    <message>
        <location filename="../../kernels/device.cpp" line="+34"/>
        <source>no NVIDIA driver found, or one older than CUDA %1 (%2)</source>
        <translation>没有找到 NVIDIA 驱动，或驱动版本低于 CUDA %1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no CUDA-capable device is detected</source>
        <translation>没有检测到支持 CUDA 的设备</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>cudaGetDeviceProperties failed for every device</source>
        <translation>所有设备的 cudaGetDeviceProperties 都失败了</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no CUDA device (%1)</source>
        <translation>没有 CUDA 设备（%1）</translation>
    </message>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="+54"/>
        <source>the block would have %1 threads: it must be a multiple of 32</source>
        <translation>block 将有 %1 个线程：必须是 32 的倍数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the block would have %1 threads: at most 1024</source>
        <translation>block 将有 %1 个线程：最多 1024 个</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>BM (%1) must be a multiple of TM (%2)</source>
        <translation>BM（%1）必须是 TM（%2）的倍数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (threads = BM*BN/TM)</source>
        <translation>（线程数 = BM*BN/TM）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+20"/>
        <location line="+57"/>
        <source>the tiles need %1 bytes of static shared memory: at most 48 KB</source>
        <translation>这些分块需要 %1 字节静态 shared memory：最多 48 KB</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>BM (%1) and BN (%2) must be multiples of TM (%3) and TN (%4)</source>
        <translation>BM（%1）和 BN（%2）必须分别是 TM（%3）和 TN（%4）的倍数</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+23"/>
        <source>TM, TN and BK must be multiples of 4 (float4 accesses)</source>
        <translation>TM、TN 和 BK 必须是 4 的倍数（float4 访问）</translation>
    </message>
    <message>
        <location line="-21"/>
        <source> (threads = (BM/TM)*(BN/TN))</source>
        <translation>（线程数 = (BM/TM)*(BN/TN)）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TM*TN = %1 accumulators per thread: at most 256 fit in registers</source>
        <translation>TM*TN = 每线程 %1 个累加器：寄存器中最多放 256 个</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>BM (%1) and BN (%2) must be multiples of the warp tile WM (%3) and WN (%4)</source>
        <translation>BM（%1）和 BN（%2）必须分别是 warp 分块 WM（%3）和 WN（%4）的倍数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (threads = 32*(BM/WM)*(BN/WN))</source>
        <translation>（线程数 = 32*(BM/WM)*(BN/WN)）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a warp tile of %1 x %2 does not split into 32 threads x WNITER (%3) patches of TM x TN (%4 x %5)</source>
        <translation>%1 x %2 的 warp 分块无法拆成 32 个线程 x WNITER（%3）个 TM x TN（%4 x %5）小块</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>WM must split into WMITER (%1) and WN into WNITER (%2) sub-tiles</source>
        <translation>WM 必须能拆成 WMITER（%1）个子分块，WN 必须能拆成 WNITER（%2）个子分块</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the 32 threads of a warp must cover one %1 x %2 sub-tile with %3 x %4 patches</source>
        <translation>一个 warp 的 32 个线程必须用 %3 x %4 的小块覆盖一个 %1 x %2 的子分块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the two tile buffers need %1 bytes of static shared memory: at most 48 KB</source>
        <translation>两个分块缓冲需要 %1 字节静态 shared memory：最多 48 KB</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+42"/>
        <source>%1 accumulators per thread: at most 256 fit in registers</source>
        <translation>每线程 %1 个累加器：寄存器中最多放 256 个</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>BM, BN and BK must be multiples of 16 (the WMMA fragment)</source>
        <translation>BM、BN 和 BK 必须是 16 的倍数（WMMA fragment）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+19"/>
        <source>each warp&apos;s tile (BM/WARPS_M x BN/WARPS_N = %1 x %2) must be a multiple of 16 x 16</source>
        <translation>每个 warp 的分块（BM/WARPS_M x BN/WARPS_N = %1 x %2）必须是 16 x 16 的倍数</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>the epilogue needs 1 KB of scratch per warp inside the %1 bytes of tiles</source>
        <translation>收尾阶段需要在 %1 字节的分块空间内为每个 warp 留 1 KB 临时空间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 accumulator fragments per warp: at most 32 fit in registers</source>
        <translation>每个 warp %1 个累加器 fragment：寄存器中最多放 32 个</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the 16-byte copies of a K-slice (%1 of A, %2 of B) must divide evenly among %3 threads</source>
        <translation>一个 K 切片的 16 字节拷贝（A %1 个，B %2 个）必须能在 %3 个线程间均分</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+18"/>
        <source>%1 stages need %2 bytes of shared memory: the device allows %3</source>
        <translation>%1 级流水需要 %2 字节 shared memory：设备最多允许 %3</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>each consumer warpgroup takes 64 or 128 rows: BM (%1) must be 64 or 128 times CONSUMERS (%2)</source>
        <translation>每个消费者 warpgroup 负责 64 或 128 行：BM（%1）必须是 CONSUMERS（%2）的 64 或 128 倍</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 accumulators per thread: at most 128 (rows per consumer / 64 * BN &lt;= 256)</source>
        <translation>每线程 %1 个累加器：最多 128 个（每个消费者的行数 / 64 * BN &lt;= 256）</translation>
    </message>
    <message>
        <location filename="../../kernels/tma.cpp" line="+30"/>
        <source>cuTensorMapEncodeTiled is not available from the driver (%1)</source>
        <translation>驱动不提供 cuTensorMapEncodeTiled（%1）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cuTensorMapEncodeTiled failed (CUresult %1) for a %2 x %3 matrix, box %4 x %5</source>
        <translation>cuTensorMapEncodeTiled 失败（CUresult %1）：%2 x %3 矩阵，box %4 x %5</translation>
    </message>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="+9"/>
        <source>the cluster is 2 x 1 or 1 x 2 blocks: CLUSTER_M (%1) x CLUSTER_N (%2) must be 2</source>
        <translation>cluster 为 2 x 1 或 1 x 2 个 block：CLUSTER_M（%1）x CLUSTER_N（%2）必须等于 2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>rows of A and C</source>
        <translation>A 和 C 的行数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>columns of B and C</source>
        <translation>B 和 C 的列数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>columns of A, rows of B (the reduction)</source>
        <translation>A 的列数、B 的行数（归约维度）</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>K (%1) and N (%2) must be multiples of 16: rows of one-byte e4m3 values start on 16-byte boundaries for TMA, and cuBLASLt&apos;s fp8 kernels need 16-byte aligned dimensions</source>
        <translation>K（%1）和 N（%2）必须是 16 的倍数：单字节 e4m3 数据的每一行须从 16 字节边界开始（TMA 的要求），且 cuBLASLt 的 fp8 kernel 要求维度 16 字节对齐</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>K (%1) must be a multiple of 8: every row of A and B must start on a 16-byte boundary for cp.async and TMA</source>
        <translation>K（%1）必须是 8 的倍数：为了 cp.async 和 TMA，A 和 B 的每一行都必须从 16 字节边界开始</translation>
    </message>
    <message>
        <location filename="../../kernels/family_memory.cpp" line="+86"/>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <location filename="../../kernels/family_llm.cpp" line="+22"/>
        <source>sequences in the batch</source>
        <translation>batch 中的序列数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query heads</source>
        <translation>查询头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>key/value heads (H / Hkv query heads share each)</source>
        <translation>KV 头数（每个 KV 头由 H / Hkv 个查询头共享）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV length (tokens in the cache)</source>
        <translation>KV 长度（缓存中的 token 数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks per KV head along the KV length (0: as many as fill the GPU)</source>
        <translation>每个 KV 头沿 KV 长度方向的 block 数（0：刚好填满 GPU 的数量）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>H (%1) must be a multiple of Hkv (%2): each KV head serves the same number of query heads</source>
        <translation>H（%1）必须是 Hkv（%2）的倍数：每个 KV 头服务相同数量的查询头</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>H / Hkv (%1) is more than %2: the query heads of one KV head are the rows of one 16-row tensor-core tile</source>
        <translation>H / Hkv（%1）超过了 %2：一个 KV 头的各个查询头是一个 16 行 Tensor Core 分块的各行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>split (%1) leaves blocks without a single 16-row tile of the KV length S (%2)</source>
        <translation>split（%1）会让一些 block 分不到 KV 长度 S（%2）中哪怕一个 16 行的分块</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>rows of X and Y: tokens in flight</source>
        <translation>X 和 Y 的行数：在途 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>columns of W and Y (output features)</source>
        <translation>W 和 Y 的列数（输出特征数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>columns of X, rows of W (input features), a multiple of the group</source>
        <translation>X 的列数、W 的行数（输入特征数），须为 group 的倍数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weights per fp16 scale along K</source>
        <translation>沿 K 方向每个 fp16 缩放因子对应的权重数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>blocks along K per column tile (0: the most that run as one wave of two blocks an SM, three when M &gt; 8)</source>
        <translation>每个列分块沿 K 方向的 block 数（0：每个 SM 两个 block（M &gt; 8 时三个）时能一波同时运行的最大数量）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>warps per block, ntiles x 8 columns each</source>
        <translation>每个 block 的 warp 数，每个 warp 负责 ntiles x 8 列</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>warps along K per column warp: they share its columns, take every kwarps-th group and add their sums in shared memory</source>
        <translation>每个列 warp 沿 K 方向的 warp 数：它们共用该 warp 的列，每隔 kwarps 组取一组，并在共享内存中相加各自的部分和</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>n-tiles of 8 columns per warp (fewer: fewer registers, more warps per SM)</source>
        <translation>每个 warp 的 8 列 n-tile 数（越少：寄存器越少，每个 SM 的 warp 越多）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>groups of 128 k in a warp&apos;s shared-memory ring (stages - 1 of them in flight)</source>
        <translation>一个 warp 在共享内存环形缓冲中的 128-k 组数（其中 stages - 1 组在传输中）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1: the four warps of a warpgroup multiply their columns together by wgmma (Hopper, sm_90a), X read by TMA; 0: each warp by mma.sync</source>
        <translation>1：warpgroup 的四个 warp 用 wgmma 一起计算各自的列（Hopper，sm_90a），X 由 TMA 读入；0：每个 warp 各用 mma.sync</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1: one wave of blocks sharing out all the (column tile, group) pieces evenly, a block&apos;s share running on into the next tile (mma.sync, whole panels, no warps along K); 0: each column tile split along K into splitk blocks</source>
        <translation>1：一波 block 平均分摊全部（列 tile，组）小块，一个 block 的份额可延续到下一个 tile（mma.sync，整块 64 列，K 方向不分 warp）；0：每个列 tile 沿 K 分给 splitk 个 block</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>buffers of X&apos;s rows a block cycles through, about 8 KiB each, one filled while the warps read the others (0: two, four when M &gt; 8)</source>
        <translation>block 轮流使用的 X 行缓冲区个数，每个约 8 KiB，warp 读其余缓冲区时填充一个（0：两个，M &gt; 8 时四个）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>warps x kwarps (%1 x %2) is more than 16 warps a block</source>
        <translation>warps x kwarps（%1 x %2）超过了每个 block 16 个 warp</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>wgmma takes whole warpgroups: warps must be 4 or 8, not %1</source>
        <translation>wgmma 以整个 warpgroup 为单位：warps 必须是 4 或 8，而不是 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wgmma takes whole 64-column panels a warp and no warps along K (ntiles 8, kwarps 1)</source>
        <translation>wgmma 要求每个 warp 负责完整的 64 列面板，且不沿 K 划分 warp（ntiles 8，kwarps 1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>balance=1 takes whole 64-column panels a warp, no warps along K and mma.sync (ntiles 8, kwarps 1, wgmma 0)</source>
        <translation>balance=1 要求每个 warp 整块 64 列、K 方向不分 warp 并使用 mma.sync（ntiles 8，kwarps 1，wgmma 0）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>splitk (%1) is more than the K / 128 = %2 groups of 128 weights to share out</source>
        <translation>splitk（%1）超过了可分配的 K / 128 = %2 组（每组 128 个权重）</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Decode attention (GQA, split KV)</source>
        <translation>Decode 注意力（GQA，切分 KV）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One decode step of grouped-query attention: one query token per sequence against S cached keys and values, H query heads sharing Hkv KV heads. Each block reads one chunk of one KV head once and serves all H/Hkv query heads of its group from it (tensor cores, fp32 online softmax); the chunks&apos; partial results are merged by a second small kernel (FlashDecoding). Its bytes are the KV cache: I = H/Hkv FLOP per byte in 16-bit, far left of the ridge.</source>
        <translation>分组查询注意力的一个 decode 步：每条序列一个查询 token，对 S 个已缓存的键和值，H 个查询头共享 Hkv 个 KV 头。每个 block 把一个 KV 头的一段读一次，并用它服务其所在组的全部 H/Hkv 个查询头（Tensor Core，fp32 online softmax）；各段的部分结果由第二个小 kernel 合并（FlashDecoding）。它的字节就是 KV cache：16 位下 I = 每字节 H/Hkv 个 FLOP，远在拐点左边。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>W4A16 GEMM (INT4 weights)</source>
        <translation>W4A16 GEMM（INT4 权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Y = X * W for the few tokens of a decode step (M &lt;= 16), W stored in 4 bits with one fp16 scale per 128 weights along K (w = (q - 8) * scale), dequantized in registers straight into tensor-core fragments, fp32 accumulation, split along K when the columns alone do not fill the GPU. A quarter of a bf16 weight&apos;s bytes: about 4x the speed of a bf16 GEMM where the weights dominate (compare llm.w4a16_cublas).</source>
        <translation>decode 步中少量 token 的 Y = X * W（M &lt;= 16），W 以 4 位存储，沿 K 每 128 个权重一个 fp16 缩放因子（w = (q - 8) * scale），在寄存器中反量化后直接放入 Tensor Core fragment，fp32 累加，仅靠列数填不满 GPU 时沿 K 切分。字节数只有 bf16 权重的四分之一：在权重占主导时速度约为 bf16 GEMM 的 4 倍（对比 llm.w4a16_cublas）。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>cuBLAS on dequantized W4A16 weights</source>
        <translation>cuBLAS 处理反量化后的 W4A16 权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The baseline of llm.w4a16_gemm: the same X and the same INT4 weights dequantized to a 16-bit K x N matrix ahead of time, multiplied by cublasGemmEx (fp32 accumulation, 16-bit Y). It reads four times the weight bytes.</source>
        <translation>llm.w4a16_gemm 的基线：相同的 X 和相同的 INT4 权重，预先反量化为 16 位 K x N 矩阵，再由 cublasGemmEx 相乘（fp32 累加，16 位 Y）。它读取的权重字节数是四倍。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Residual add + RMSNorm (fused)</source>
        <translation>残差加法 + RMSNorm（融合）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The decoder&apos;s pre-norm step in one kernel: h = x + r is written (the residual stream) and y = RMSNorm(h) * w is written, the row held in registers: x and r read once, h and y written once, 8 bytes per element in bf16 instead of the 10 of an add kernel followed by a norm kernel.</source>
        <translation>decoder 的 pre-norm 步骤合成一个 kernel：写出 h = x + r（残差流），并写出 y = RMSNorm(h) * w，整行放在寄存器中：x 和 r 各读一次，h 和 y 各写一次，bf16 下每个元素 8 字节，而加法 kernel 接 norm kernel 需要 10 字节。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rows (tokens, one block each)</source>
        <translation>行数（token 数，每行一个 block）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>columns (the model width)</source>
        <translation>列数（模型宽度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../kernels/family_memory.cpp" line="+4"/>
        <location filename="../../kernels/family_probes.cpp" line="+26"/>
        <source>threads per block</source>
        <translation>每个 block 的线程数</translation>
    </message>
    <message>
        <location filename="../../kernels/family_memory.cpp" line="+4"/>
        <source>16-byte accesses in flight per thread (vector variant)</source>
        <translation>每线程在途的 16 字节访问数（向量版本）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vector variant: default loads and stores, or streaming (evict-first) hints</source>
        <translation>向量版本：默认读写，或带流式（evict-first）提示</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>rows (one block each)</source>
        <translation>行数（每行一个 block）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <location filename="../../kernels/family_llm.cpp" line="-119"/>
        <location filename="../../kernels/family_memory.cpp" line="+10"/>
        <source>parameter &quot;cols&quot; (%1) is too long for &quot;block&quot; %2: at most 64 values per thread, so cols &lt;= %3</source>
        <translation>参数“cols”（%1）对“block” %2 来说太长：每线程最多 64 个值，所以 cols &lt;= %3</translation>
    </message>
    <message>
        <location filename="../../kernels/family_memory.cpp" line="+94"/>
        <source>Copy</source>
        <translation>拷贝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out[i] = in[i]. The scalar version moves one element per thread; the vector version moves 16 bytes per access with several accesses in flight per thread. Both move the same bytes: the difference is how many requests the SMs keep in flight.</source>
        <translation>out[i] = in[i]。标量版本每个线程搬一个元素；向量版本每次访问搬 16 字节，每个线程同时有多次访问在途。两者搬运的字节数相同：差别在于 SM 能同时保持多少请求在途。</translation>
    </message>
    <message>
        <location line="-147"/>
        <source>vector: 16-byte accesses; scalar: one element per thread</source>
        <translation>vector：16 字节访问；scalar：每线程一个元素</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>vector: 16-byte accesses; scalar: one element per thread; persistent: the vector copy as a grid-stride loop over one wave of blocks; bulk: TMA bulk copies through shared memory (sm_90)</source>
        <translation>vector：16 字节访问；scalar：每线程一个元素；persistent：向量拷贝写成 grid-stride 循环，只用一个 wave 的 block；bulk：经 shared memory 的 TMA 批量拷贝（sm_90）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>shared-memory buffers per block, one fewer bulk loads in flight (bulk variant)</source>
        <translation>每个 block 的 shared memory 缓冲数，在途的批量加载比它少一个（bulk 版本）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>bytes per bulk copy (bulk variant)</source>
        <translation>每次批量拷贝的字节数（bulk 版本）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the bulk copy&apos;s %1 stages of %2 bytes need %3 bytes of shared memory: at most 227 KB</source>
        <translation>批量拷贝的 %1 级、每级 %2 字节需要 %3 字节 shared memory：最多 227 KB</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Vector add</source>
        <translation>向量加法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>c[i] = a[i] + b[i]: one addition per 12 bytes in fp32 (AI = 1/12), far left of every ridge point. Its ceiling is the copy bandwidth.</source>
        <translation>c[i] = a[i] + b[i]：fp32 下每 12 字节一次加法（AI = 1/12），远在所有拐点左边。它的上限是拷贝带宽。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Triad</source>
        <translation>Triad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a[i] = b[i] + alpha * c[i] (STREAM triad): one fused multiply-add per element, two reads and a write.</source>
        <translation>a[i] = b[i] + alpha * c[i]（STREAM triad）：每个元素一次乘加，两次读、一次写。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Strided read</source>
        <translation>跨步读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out[i] = in[i * stride]. Memory moves 32-byte sectors: stride 2 uses half of each, stride 8 (32 bytes) and beyond one element per sector, 12.5 %.</source>
        <translation>out[i] = in[i * stride]。内存以 32 字节 sector 为单位搬运：步长 2 只用到每个 sector 的一半，步长 8（32 字节）及以上每个 sector 只用一个元素，即 12.5 %。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>elements between consecutive reads</source>
        <translation>相邻两次读取之间的元素数</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sum reduction</source>
        <translation>求和归约</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sum of n floats. atomic: every element an atomicAdd on one address, which serializes. tree: per-thread sums, warp shuffles, one partial per block, the last block adds the partials.</source>
        <translation>n 个 float 求和。atomic：每个元素都对同一地址做一次 atomicAdd，因而被串行化。tree：每线程先求部分和，再用 warp shuffle，每个 block 得到一个部分和，由最后一个 block 把各部分和相加。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tree: warp-shuffle tree; atomic: one atomicAdd per element</source>
        <translation>tree：warp shuffle 树形归约；atomic：每个元素一次 atomicAdd</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row-wise softmax. three_pass: three kernels (row max, sum of exponentials, normalize), each reading the matrix again. online: one kernel, the row read once into registers and (max, sum) pairs merged with the online-softmax rule.</source>
        <translation>按行 softmax。three_pass：三个 kernel（行最大值、指数和、归一化），每个都重新读一遍矩阵。online：一个 kernel，每行只读一次进寄存器，(max, sum) 对按 online softmax 规则合并。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>online: one pass; three_pass: three kernels</source>
        <translation>online：一遍完成；three_pass：三个 kernel</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y = x / sqrt(mean(x^2) + eps) * w, one block per row, the row held in registers: one read and one write of the matrix.</source>
        <translation>y = x / sqrt(mean(x^2) + eps) * w，每行一个 block，整行放在寄存器中：矩阵只读一次、写一次。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>LayerNorm (+ residual)</source>
        <translation>LayerNorm（+ 残差）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y = LayerNorm(x + r) * gamma + beta. two_kernels: the residual add writes h = x + r and LayerNorm reads it back (five tensor passes). fused: one kernel, h never leaves registers (three).</source>
        <translation>y = LayerNorm(x + r) * gamma + beta。two_kernels：残差加法写出 h = x + r，LayerNorm 再读回来（五遍张量访问）。fused：一个 kernel，h 始终留在寄存器中（三遍）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1: add a residual input first</source>
        <translation>1：先加上残差输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fused: one kernel; two_kernels: residual add, then LayerNorm</source>
        <translation>fused：一个 kernel；two_kernels：先做残差加法，再做 LayerNorm</translation>
    </message>
    <message>
        <location filename="../../kernels/family_probes.cpp" line="+4"/>
        <source>32-bit words (4 bytes each)</source>
        <translation>32 位字数（每个 4 字节）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>16-byte accesses in flight per thread</source>
        <translation>每线程在途的 16 字节访问数</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>default loads and stores, or streaming (evict-first) hints</source>
        <translation>默认读写，或带流式（evict-first）提示</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>independent FMA chains per thread (more hide a longer latency with fewer warps)</source>
        <translation>每个线程的独立 FMA 链数（越多，越能用更少的 warp 掩盖更长的延迟）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>HBM read</source>
        <translation>HBM 读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reads a buffer many times larger than L2 with 16-byte loads, one resident wave of blocks looping over it.</source>
        <translation>用 16 字节读取一块比 L2 大许多倍的缓冲区，一波常驻 block 循环遍历它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM write</source>
        <translation>HBM 写入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes a buffer many times larger than L2 with 16-byte stores.</source>
        <translation>用 16 字节写入一块比 L2 大许多倍的缓冲区。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM copy</source>
        <translation>HBM 拷贝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copies a buffer many times larger than L2 (bytes read + written): the copy ceiling.</source>
        <translation>拷贝一块比 L2 大许多倍的缓冲区（读 + 写的字节数）：拷贝上限。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2 read</source>
        <translation>L2 读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reads a footprint that fits in L2 many times with loads that bypass L1 (ld.global.cg).</source>
        <translation>用绕过 L1 的读取（ld.global.cg）多次读取一块能放进 L2 的数据。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+19"/>
        <source>footprint in KiB</source>
        <translation>数据量（KiB）</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+19"/>
        <source>reads of the footprint</source>
        <translation>读取这块数据的次数</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>L2 read by the copy engine</source>
        <translation>拷贝引擎读取 L2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reads a footprint that fits in L2 many times with bulk copies into shared memory (cp.async.bulk, sm_90): the path the TMA steps load their tiles by, which reads L2 faster than the loads of the L2 read probe. One warp a block keeps &quot;stages&quot; chunks loading.</source>
        <translation>用批量拷贝（cp.async.bulk，sm_90）把一块能放进 L2 的数据多次读入 shared memory：这是 TMA 各步加载 tile 的路径，读 L2 比 L2 读取探针所用的 load 指令更快。每个 block 一个 warp，始终有 “stages” 块数据在加载。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bytes per bulk copy</source>
        <translation>每次批量拷贝的字节数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chunks a block keeps loading</source>
        <translation>每个 block 同时在加载的数据块数</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the footprint (%1 KiB) must be a whole number of chunks of %2 bytes</source>
        <translation>数据量（%1 KiB）必须是 %2 字节数据块的整数倍</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 stages of %2 bytes need more than the 227 KiB of shared memory a block can have</source>
        <translation>%1 级、每级 %2 字节需要的 shared memory 超过一个 block 最多可用的 227 KiB</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Shared-memory read</source>
        <translation>Shared memory 读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every lane of a warp reads a 4-byte word of shared memory; with stride s between lanes the access is a gcd(s, 32)-way bank conflict (bank = word mod 32).</source>
        <translation>warp 的每个 lane 读取 shared memory 中的一个 4 字节字；lane 之间步长为 s 时，访问是 gcd(s, 32) 路 bank conflict（bank = 字地址 mod 32）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words between the lanes&apos; addresses</source>
        <translation>lane 之间地址相差的字数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loop iterations (16 loads each)</source>
        <translation>循环次数（每次 16 次读取）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Shared-memory loads feeding FMAs</source>
        <translation>Shared memory 加载供给 FMA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inner loop of a register-blocked GEMM in miniature: every iteration each thread loads 8 words of shared memory (LDS.32, or two LDS.128 with vec 4; lanes stride words apart, so a gcd(stride, 32)-way bank conflict) and feeds every word into ratio FMAs on ratio accumulators, with blocks_per_sm blocks resident on every SM. It measures how far the issue slots and the shared-memory pipe overlap.</source>
        <translation>寄存器分块 GEMM 内层循环的缩影：每次迭代每个线程从 shared memory 加载 8 个字（LDS.32，或 vec 4 时两条 LDS.128；lane 之间相隔 stride 个字，因此产生 gcd(stride, 32) 路 bank conflict），并把每个字送入 ratio 条 FMA、累加到 ratio 个累加器上，每个 SM 上驻留 blocks_per_sm 个 block。它测量发射槽与 shared memory 流水线能重叠到什么程度。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FMAs per loaded word (one accumulator each)</source>
        <translation>每个加载字对应的 FMA 数（各有一个累加器）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>elements between the lanes&apos; addresses (words; 16-byte vectors with vec 4)</source>
        <translation>lane 地址之间相隔的元素数（单位为字；vec 4 时为 16 字节向量）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words per shared-memory load: 1 (LDS.32) or 4 (LDS.128)</source>
        <translation>每次 shared memory 加载的字数：1（LDS.32）或 4（LDS.128）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>loop iterations (8 words and 8 x ratio FMAs each)</source>
        <translation>循环迭代次数（每次 8 个字和 8 x ratio 条 FMA）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks resident on every SM (forced through dynamic shared memory)</source>
        <translation>每个 SM 上驻留的 block 数（通过动态 shared memory 强制）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&quot;stride&quot; is at most 8 with vec 4 (the lanes&apos; vectors must fit the 8 KiB buffer)</source>
        <translation>vec 4 时“stride”最大为 8（各 lane 的向量必须放进 8 KiB 缓冲区）</translation>
    </message>
    <message>
        <location line="-167"/>
        <source>loop iterations (16 FMAs per chain each)</source>
        <translation>循环次数（每条链每次 16 次 FMA）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Independent chains x = x * a + b per thread (the chains parameter), one full wave of blocks: the arithmetic ceiling of the CUDA cores (2 FLOPs per FMA, HFMA2 does two).</source>
        <translation>每个线程若干条独立的 x = x * a + b 链（由 chains 参数决定），一整波 block：CUDA 核心的算术上限（每次 FMA 2 FLOP，HFMA2 做两次）。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Warp-level tensor-core instructions (mma.sync m16n8k16, tf32 m16n8k8) on independent accumulators with operands in registers: the rate of the pre-Hopper tensor-core path (Hopper&apos;s full rate needs wgmma).</source>
        <translation>warp 级 Tensor Core 指令（mma.sync m16n8k16，tf32 为 m16n8k8），操作数在寄存器中，累加器彼此独立：Hopper 之前的 Tensor Core 路径的速率（Hopper 的满速需要 wgmma）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>loop iterations (2 mma per chain each)</source>
        <translation>循环次数（每条链每次 2 条 mma）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>independent accumulators per warp</source>
        <translation>每个 warp 的独立累加器数</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>FP32 FMA</source>
        <translation>FP32 FMA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 FMA</source>
        <translation>FP64 FMA</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>FP16 HFMA2</source>
        <translation>FP16 HFMA2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync bf16</source>
        <translation>mma.sync bf16</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync fp16</source>
        <translation>mma.sync fp16</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync tf32</source>
        <translation>mma.sync tf32</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cudaMemcpyAsync (device to device)</source>
        <translation>cudaMemcpyAsync（设备到设备）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver&apos;s own device-to-device copy, the yardstick for the copy kernels.</source>
        <translation>驱动自带的设备到设备拷贝，拷贝类 kernel 的参照标准。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cuBLAS GEMM (bf16)</source>
        <translation>cuBLAS GEMM（bf16）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C = A B through cublasGemmEx, bf16 in and out, fp32 accumulation: what the tensor cores reach with the library&apos;s kernels (wgmma on Hopper).</source>
        <translation>用 cublasGemmEx 计算 C = A B，bf16 输入输出，fp32 累加：Tensor Core 用库 kernel 能达到的性能（Hopper 上为 wgmma）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>M = N = K</source>
        <translation>M = N = K</translation>
    </message>
    <message>
        <location filename="../../kernels/suite.cpp" line="+220"/>
        <source>vector copy / cudaMemcpyAsync device to device</source>
        <translation>向量拷贝 / cudaMemcpyAsync 设备到设备</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>fastest copy variant (%1) / cudaMemcpyAsync device to device</source>
        <translation>最快的拷贝版本（%1）/ cudaMemcpyAsync 设备到设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector add (fp32) / copy ceiling</source>
        <translation>向量加法（fp32）/ 拷贝上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>triad (fp32) / copy ceiling</source>
        <translation>triad（fp32）/ 拷贝上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tree reduction / HBM read ceiling</source>
        <translation>树形归约 / HBM 读取上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>one-pass softmax, 4096 columns (fp32) / copy ceiling</source>
        <translation>单遍 softmax，4096 列（fp32）/ 拷贝上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RMSNorm, 4096 columns (fp32) / copy ceiling</source>
        <translation>RMSNorm，4096 列（fp32）/ 拷贝上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fused LayerNorm + residual, 4096 columns (fp32) / copy ceiling</source>
        <translation>融合的 LayerNorm + 残差，4096 列（fp32）/ 拷贝上限</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>FP32 FMA probe / (SMs x %1 lanes x 2 x the measured clock %2 MHz)</source>
        <translation>FP32 FMA 探针 /（SM 数 x %1 个 lane x 2 x 实测时钟 %2 MHz）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>mma.sync bf16 probe / datasheet dense bf16 %1 TFLOP/s</source>
        <translation>mma.sync bf16 探针 / 规格表 dense bf16 %1 TFLOP/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cuBLAS bf16 GEMM / datasheet dense bf16</source>
        <translation>cuBLAS bf16 GEMM / 规格表 dense bf16</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scalar copy / vector copy</source>
        <translation>标量拷贝 / 向量拷贝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scalar vector add / vector</source>
        <translation>标量向量加法 / 向量版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>atomic reduction / tree reduction</source>
        <translation>atomic 归约 / 树形归约</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>three-kernel softmax / one-pass online</source>
        <translation>三个 kernel 的 softmax / 单遍 online</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>residual add + LayerNorm as two kernels / fused</source>
        <translation>残差加法 + LayerNorm 两个 kernel / 融合</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>strided read, stride %1 / stride 1 (read sector efficiency %2 %)</source>
        <translation>跨步读取，步长 %1 / 步长 1（读取 sector 效率 %2 %）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>shared-memory read, stride %1 (%2-way bank conflict) / stride 1</source>
        <translation>shared memory 读取，步长 %1（%2 路 bank conflict）/ 步长 1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>met</source>
        <translation>达到</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MISSED</source>
        <translation>未达到</translation>
    </message>
    <message>
        <location filename="../../kernels/kernelmix.cpp" line="+117"/>
        <location line="+62"/>
        <source>no disassembler (nvdisasm or cuobjdump) was found (looked in: %1)</source>
        <translation>未找到反汇编器（nvdisasm 或 cuobjdump）（查找位置：%1）</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>there is no compiled image to disassemble</source>
        <translation>没有可反汇编的编译映像</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot create a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 did not start: %2</source>
        <translation>%1 未能启动：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 did not finish within 120 s</source>
        <translation>%1 未在 120 s 内结束</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 failed (exit code %2): %3</source>
        <translation>%1 失败（退出码 %2）：%3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>the kernel did not compile</source>
        <translation>kernel 未能编译</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>the compile kept no PTX to count</source>
        <translation>编译没有保留可供统计的 PTX</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no function with instructions in the %1</source>
        <translation>%1 中没有包含指令的函数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not in the %2 (or has no instructions)</source>
        <translation>%1 不在 %2 中（或没有指令）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1 is not a compiled kernel</source>
        <translation>%1 不是已编译的 kernel</translation>
    </message>
    <message>
        <location filename="../../kernels/suite_llm.cpp" line="+83"/>
        <source>decode attention bf16, B %1, H %2, Hkv %3 (g = %4), S %5, D 128 / vector copy, at %6 MHz</source>
        <translation>decode 注意力 bf16，B %1，H %2，Hkv %3（g = %4），S %5，D 128 / 向量拷贝，时钟 %6 MHz</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>W4A16 speed-up over cuBLAS bf16 on the dequantized weight, M %1, K x N %2 x %3 (%4 vs %5 us, at %6 and %7 MHz)</source>
        <translation>W4A16 相对 cuBLAS bf16（反量化后的权重）的加速比，M %1，K x N %2 x %3（%4 对 %5 us，时钟 %6 和 %7 MHz）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>W4A16 M %1, K x N %2 x %3: its bytes per second / vector copy</source>
        <translation>W4A16 M %1，K x N %2 x %3：其每秒字节数 / 向量拷贝</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fused residual + RMSNorm bf16, %1 x %2 / vector copy, at %3 MHz</source>
        <translation>融合的残差 + RMSNorm bf16，%1 x %2 / 向量拷贝，时钟 %3 MHz</translation>
    </message>
</context>
<context>
    <name>kernels::Catalog</name>
    <message>
        <location filename="../../kernels/catalog.cpp" line="+162"/>
        <source>%1 has no parameter &quot;%2&quot; (it takes: %3)</source>
        <translation>%1 没有参数“%2”（它接受：%3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>parameter &quot;%1&quot; of %2: &quot;%3&quot; is not one of %4</source>
        <translation>%2 的参数“%1”：“%3”不是 %4 之一</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>parameter &quot;%1&quot; of %2: &quot;%3&quot; is not an integer</source>
        <translation>%2 的参数“%1”：“%3”不是整数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>parameter &quot;%1&quot; of %2 must be one of %3 (got %4)</source>
        <translation>%2 的参数“%1”必须是 %3 之一（实际为 %4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>parameter &quot;%1&quot; of %2 must be between %3 and %4 (got %5)</source>
        <translation>%2 的参数“%1”必须在 %3 到 %4 之间（实际为 %5）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>parameter &quot;%1&quot; of %2 must be a multiple of %3 (got %4)</source>
        <translation>%2 的参数“%1”必须是 %3 的倍数（实际为 %4）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>--dtype: %1 does not run in &quot;%2&quot; (it takes: %3)</source>
        <translation>--dtype：%1 不能以“%2”运行（它接受：%3）</translation>
    </message>
</context>
<context>
    <name>kernels::Compiler</name>
    <message>
        <location filename="../../kernels/compiler.cpp" line="+150"/>
        <source>unsupported architecture &quot;%1&quot; (NVRTC %2 compiles for: %3)</source>
        <translation>不支持的架构“%1”（NVRTC %2 可以编译：%3）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 can only be compiled for %2 (it uses instructions that exist only there), not for %3</source>
        <translation>%1 只能为 %2 编译（它使用了只在那里存在的指令），不能为 %3 编译</translation>
    </message>
    <message>
        <location line="+176"/>
        <source>the kernel sources were not found (looked in: %1; set ROOFLAB_KERNELS)</source>
        <translation>没有找到 kernel 源码（查找了：%1；请设置 ROOFLAB_KERNELS）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot read kernel source %1: %2</source>
        <translation>无法读取 kernel 源码 %1：%2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the CUDA include folder (cuda_fp16.h) was not found (looked in: %1; set ROOFLAB_CUDA_INCLUDE)</source>
        <translation>没有找到 CUDA 头文件目录（cuda_fp16.h）（查找了：%1；请设置 ROOFLAB_CUDA_INCLUDE）</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>nvrtcCreateProgram: %1</source>
        <translation>nvrtcCreateProgram：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>nvrtcAddNameExpression(%1): %2</source>
        <translation>nvrtcAddNameExpression(%1)：%2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>compiling %1 for %2 failed: %3</source>
        <translation>为 %2 编译 %1 失败：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nvrtcGetCUBINSize: %1</source>
        <translation>nvrtcGetCUBINSize：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nvrtcGetCUBIN: %1</source>
        <translation>nvrtcGetCUBIN：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>no lowered name for %1</source>
        <translation>%1 没有 lowered name</translation>
    </message>
</context>
<context>
    <name>kernels::ElementwiseBench</name>
    <message>
        <location filename="../../kernels/bench_memory.cpp" line="+70"/>
        <source>the bulk copy uses the TMA bulk-copy engine, which sm_90 and newer have; this device is %1</source>
        <translation>批量拷贝使用 TMA 批量拷贝引擎，sm_90 及更新的架构才有；当前设备是 %1</translation>
    </message>
</context>
<context>
    <name>kernels::GemmBench</name>
    <message>
        <location filename="../../kernels/bench_gemm.cpp" line="+73"/>
        <source>%1 uses wgmma and TMA, which only sm_90 (Hopper) has; this device is %2</source>
        <translation>%1 使用 wgmma 和 TMA，只有 sm_90（Hopper）具备；当前设备是 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>TF32 tensor cores need sm_80 or newer; this device is %1</source>
        <translation>TF32 Tensor Core 需要 sm_80 或更新；当前设备是 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>fp8 (e4m3) tensor cores need sm_89 or newer; this device is %1</source>
        <translation>fp8（e4m3）Tensor Core 需要 sm_89 或更新；当前设备是 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bf16 tensor cores (and cp.async, ldmatrix) need sm_80 or newer; this device is %1</source>
        <translation>bf16 Tensor Core（以及 cp.async、ldmatrix）需要 sm_80 或更新；当前设备是 %1</translation>
    </message>
</context>
<context>
    <name>kernels::GemmKernels</name>
    <message>
        <location filename="../../model/gemmsteps.cpp" line="+13"/>
        <source>block-rows per group in the grouped (swizzled) block order; 1 = row order</source>
        <translation>分组（swizzle）block 顺序中每组的 block 行数；1 = 按行顺序</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the block is BLOCK x BLOCK threads</source>
        <translation>block 为 BLOCK x BLOCK 个线程</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>tile edge: TILE x TILE threads, TILE x TILE tiles of A and B</source>
        <translation>分块边长：TILE x TILE 个线程，A 和 B 的分块为 TILE x TILE</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+10"/>
        <location line="+13"/>
        <location line="+33"/>
        <location line="+14"/>
        <source>block tile rows</source>
        <translation>block 分块的行数</translation>
    </message>
    <message>
        <location line="-69"/>
        <location line="+10"/>
        <location line="+13"/>
        <location line="+33"/>
        <location line="+14"/>
        <source>block tile columns</source>
        <translation>block 分块的列数</translation>
    </message>
    <message>
        <location line="-69"/>
        <location line="+10"/>
        <location line="+13"/>
        <location line="+33"/>
        <source>K-slice per shared-memory tile</source>
        <translation>每个 shared memory 分块的 K 切片</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>results per thread (a column)</source>
        <translation>每线程的结果数（一列）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>results per thread, rows</source>
        <translation>每线程的结果数，行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>results per thread, columns</source>
        <translation>每线程的结果数，列</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>warp tile rows</source>
        <translation>warp 分块的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warp tile columns</source>
        <translation>warp 分块的列数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sub-tiles of a warp tile along N</source>
        <translation>warp 分块沿 N 方向的子分块数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>results per thread per sub-tile, rows</source>
        <translation>每线程每个子分块的结果数，行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>results per thread per sub-tile, columns</source>
        <translation>每线程每个子分块的结果数，列</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>blocks per SM the registers are budgeted for (__launch_bounds__)</source>
        <translation>寄存器预算所针对的每 SM block 数（__launch_bounds__）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1: double-buffer the register fragments (shared-memory loads of the next k before the FFMAs)</source>
        <translation>1：对寄存器 fragment 做双缓冲（在 FFMA 之前先从 shared memory 加载下一个 k）</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+16"/>
        <source>warps along M</source>
        <translation>沿 M 方向的 warp 数</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+16"/>
        <source>warps along N</source>
        <translation>沿 N 方向的 warp 数</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>K-slice per stage</source>
        <translation>每级的 K 切片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>K-slices in flight (cp.async pipeline depth)</source>
        <translation>在途的 K 切片数（cp.async 流水线深度）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1: double-buffer the register fragments (ldmatrix of the next K step before the mma)</source>
        <translation>1：对寄存器 fragment 做双缓冲（在 mma 之前先 ldmatrix 下一个 K 步）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>block tile rows (64 or 128 per consumer warpgroup)</source>
        <translation>block 分块的行数（每个消费者 warpgroup 64 或 128 行）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block tile columns (the wgmma N)</source>
        <translation>block 分块的列数（wgmma 的 N）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>shared-memory stages between the TMA producer and the consumers</source>
        <translation>TMA 生产者与消费者之间的 shared memory 级数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>consumer warpgroups (plus one producer warpgroup)</source>
        <translation>消费者 warpgroup 数（另加一个生产者 warpgroup）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>1: the epilogue leaves through shared memory with TMA stores; 0: direct stores from the registers, as step 10</source>
        <translation>1：epilogue 经 shared memory 用 TMA 写回；0：像第 10 步一样直接从寄存器写回</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocks of a cluster along M (2: pairs share B)</source>
        <translation>cluster 沿 M 方向的 block 数（2：成对的 block 共享 B）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>blocks of a cluster along N (2: pairs share A)</source>
        <translation>cluster 沿 N 方向的 block 数（2：成对的 block 共享 A）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>GEMM 1: naive</source>
        <translation>GEMM 1：朴素实现</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One thread per element of C, threads of a warp walking down the rows: every load of A and store of C is its own 32-byte sector. The starting point, far below every ceiling.</source>
        <translation>C 的每个元素一个线程，一个 warp 的线程沿行向下排列：A 的每次读取和 C 的每次写入各占一个 32 字节 sector。这是起点，远低于所有上限。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GEMM 2: coalesced</source>
        <translation>GEMM 2：合并访存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same kernel with threads of a warp walking along a row of C: loads of B and stores of C become 128-byte runs, A a broadcast.</source>
        <translation>同样的 kernel，但一个 warp 的线程沿 C 的一行排列：B 的读取和 C 的写入变成连续的 128 字节，A 变成广播。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>GEMM 3: shared-memory tiles</source>
        <translation>GEMM 3：shared memory 分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TILE x TILE tiles of A and B staged in shared memory and reused TILE times: global traffic falls by TILE; shared-memory loads become the limit.</source>
        <translation>把 A、B 的 TILE x TILE 分块放进 shared memory 并复用 TILE 次：全局访存量降为 1/TILE；瓶颈变成 shared memory 读取。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>GEMM 4: 1D register blocking</source>
        <translation>GEMM 4：一维寄存器分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each thread computes TM results of a column, reusing one B value from a register TM times.</source>
        <translation>每个线程计算一列中的 TM 个结果，把寄存器里的一个 B 值复用 TM 次。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GEMM 5: 2D register blocking</source>
        <translation>GEMM 5：二维寄存器分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each thread computes a TM x TN patch as outer products of register-held slices: shared-memory loads per FMA fall to (TM+TN)/(TM*TN).</source>
        <translation>每个线程用寄存器中切片的外积计算一个 TM x TN 小块：每次 FMA 的 shared memory 读取降到 (TM+TN)/(TM*TN)。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>GEMM 6: vectorized loads</source>
        <translation>GEMM 6：向量化访存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>16-byte (float4) loads from global and shared memory and 16-byte stores; A transposed in shared memory so a thread&apos;s values are contiguous.</source>
        <translation>从全局内存和 shared memory 做 16 字节（float4）读取和 16 字节写入；A 在 shared memory 中转置存放，使一个线程的数据连续。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>GEMM 7: warp tiling</source>
        <translation>GEMM 7：warp 分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Block, warp and thread tiles: each warp reads contiguous, conflict-free runs of shared memory; two buffers overlap the next K-slice&apos;s loads with the math. The fp32 CUDA-core end point.</source>
        <translation>block、warp、线程三级分块：每个 warp 读取连续且无 bank conflict 的 shared memory；双缓冲让下一个 K 切片的读取与计算重叠。这是 fp32 CUDA Core 的终点。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GEMM 8: tensor cores (WMMA)</source>
        <translation>GEMM 8：Tensor Core（WMMA）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bf16/fp16 tensor cores through WMMA 16x16x16 fragments, fp32 accumulation; B read as N x K. One stage: load, barrier, compute.</source>
        <translation>通过 WMMA 16x16x16 fragment 使用 bf16/fp16 Tensor Core，fp32 累加；B 按 N x K 读取。单级：读取、barrier、计算。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>GEMM 9: mma.sync + ldmatrix + cp.async pipeline</source>
        <translation>GEMM 9：mma.sync + ldmatrix + cp.async 流水线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync.m16n8k16 fed by ldmatrix from XOR-swizzled shared memory, STAGES-deep cp.async pipeline, 64 x 64 warp tiles, grouped block order.</source>
        <translation>mma.sync.m16n8k16 由 ldmatrix 从 XOR swizzle 的 shared memory 供数，STAGES 级 cp.async 流水线，64 x 64 warp 分块，分组 block 顺序。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>GEMM 10: wgmma + TMA (Hopper)</source>
        <translation>GEMM 10：wgmma + TMA（Hopper）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hopper: TMA copies swizzled tiles into a STAGES-deep mbarrier pipeline fed by a producer warpgroup; consumer warpgroups run wgmma.mma_async from shared memory (sm_90a only).</source>
        <translation>Hopper：由生产者 warpgroup 驱动 TMA，把 swizzle 后的分块拷进 STAGES 级 mbarrier 流水线；消费者 warpgroup 直接从 shared memory 执行 wgmma.mma_async（仅 sm_90a）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>GEMM 11: persistent wgmma + TMA store</source>
        <translation>GEMM 11：持久化 wgmma + TMA 写回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step 10 with one block per SM looping over output tiles in grouped order: the producer keeps the ring full across tiles, and the epilogue leaves through shared memory with TMA stores that overlap the next tile&apos;s main loop (sm_90a only).</source>
        <translation>在第 10 步基础上每个 SM 一个 block，按分组顺序循环处理输出分块：生产者跨分块保持环形缓冲始终填满，epilogue 经 shared memory 用 TMA 写回，与下一个分块的主循环重叠（仅 sm_90a）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>GEMM 12: wgmma in clusters, TMA multicast</source>
        <translation>GEMM 12：cluster 中的 wgmma，TMA 多播</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step 11 in thread-block clusters of two neighbouring tiles: each block fetches half of the operand the pair shares and TMA multicasts it into both blocks&apos; shared memory, so that operand is read from L2 once per pair; a ring slot is refilled when the consumers of both blocks are done with it (sm_90a only).</source>
        <translation>把第 11 步放进由两个相邻分块组成的 thread-block cluster：每个 block 读取两者共享操作数的一半，并用 TMA 多播写入两个 block 的 shared memory，于是该操作数每对只从 L2 读一次；环形缓冲的一个槽位要等两个 block 的消费者都用完才重新填充（仅 sm_90a）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>GEMM 13: fp8 (e4m3) wgmma + TMA (Hopper)</source>
        <translation>GEMM 13：fp8（e4m3）wgmma + TMA（Hopper）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step 10 with e4m3 inputs: a 128-byte swizzle row holds 128 values of K, wgmma k32 runs at twice the bf16 rate, per-tensor scales as cuBLASLt takes them, fp32 C (sm_90a only).</source>
        <translation>输入为 e4m3 的第 10 步：一行 128 字节的 swizzle 容纳 128 个 K 值，wgmma k32 的速率是 bf16 的两倍，按 cuBLASLt 的方式使用逐张量缩放系数，C 为 fp32（仅 sm_90a）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cuBLAS SGEMM</source>
        <translation>cuBLAS SGEMM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cublasGemmEx in fp32 with pedantic fp32 math (no TF32): the CUDA-core reference of steps 1-7.</source>
        <translation>fp32 的 cublasGemmEx，使用严格 fp32 计算（不用 TF32）：第 1-7 步的 CUDA Core 参考。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cuBLAS TF32</source>
        <translation>cuBLAS TF32</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cublasGemmEx on fp32 data with TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32).</source>
        <translation>在 fp32 数据上用 TF32 Tensor Core 的 cublasGemmEx（CUBLAS_COMPUTE_32F_FAST_TF32）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cuBLAS BF16</source>
        <translation>cuBLAS BF16</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cublasGemmEx with bf16 (or fp16) inputs, fp32 accumulation and fp32 C, B as N x K: the reference of the tensor-core steps.</source>
        <translation>bf16（或 fp16）输入、fp32 累加、fp32 的 C、B 按 N x K 存放的 cublasGemmEx：Tensor Core 各步的参考。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cuBLASLt FP8</source>
        <translation>cuBLASLt FP8</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cublasLtMatmul with e4m3 A and B (the &quot;TN&quot; layout: both K-major), per-tensor scales, fp32 accumulation (fast accumulation, as the fp8 step) and fp32 C: the reference of the fp8 step.</source>
        <translation>cublasLtMatmul，A 和 B 为 e4m3（“TN”布局：两者都以 K 为主序），逐张量缩放系数，fp32 累加（与 fp8 步骤一样使用快速累加），C 为 fp32：fp8 步骤的参照。</translation>
    </message>
</context>
<context>
    <name>kernels::GemmTile</name>
    <message>
        <location filename="../../kernels/gemmtile.cpp" line="+24"/>
        <source>out of memory while compiling</source>
        <translation>编译时内存不足</translation>
    </message>
    <message>
        <location line="+188"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel step</source>
        <translation>kernel 步骤</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>stages</source>
        <translation>流水级数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group</source>
        <translation>分组</translation>
    </message>
</context>
<context>
    <name>kernels::L2BulkBench</name>
    <message>
        <location filename="../../kernels/bench_probes.cpp" line="+289"/>
        <source>the L2 read by the copy engine uses cp.async.bulk, which sm_90 and newer have; this device is %1</source>
        <translation>拷贝引擎读取 L2 使用 cp.async.bulk，sm_90 及更新的架构才有；当前设备是 %1</translation>
    </message>
</context>
<context>
    <name>kernels::Module</name>
    <message>
        <location filename="../../kernels/runner.cpp" line="+78"/>
        <source>kernel %1 is not in the compiled module</source>
        <translation>编译出的模块中没有 kernel %1</translation>
    </message>
</context>
<context>
    <name>kernels::RunContext</name>
    <message>
        <location line="+106"/>
        <source>this kernel has no compiled module</source>
        <translation>这个 kernel 没有编译出的模块</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>a block of %1 threads cannot run: this kernel allows at most %2 on %3 (%4 registers per thread, launch bounds)</source>
        <translation>%1 个线程的 block 无法运行：这个 kernel 在 %3 上最多允许 %2 个（每线程 %4 个寄存器，launch bounds）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>needs %1 bytes of shared memory per block (%2 static + %3 dynamic); %4 allows at most %5</source>
        <translation>每个 block 需要 %1 字节 shared memory（%2 静态 + %3 动态）；%4 最多允许 %5</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no block of %1 threads fits on an SM (%2 registers per thread, %3 bytes of shared memory)</source>
        <translation>一个 SM 上放不下 %1 个线程的 block（每线程 %2 个寄存器，%3 字节 shared memory）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>empty grid</source>
        <translation>grid 为空</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>a grid of %1 blocks cannot be cut into clusters of %2</source>
        <translation>%1 个 block 的 grid 无法切分成每个 %2 个 block 的 cluster</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>no cluster of %1 blocks of %2 threads (%3 bytes of dynamic shared memory) fits on %4</source>
        <translation>%4 上放不下任何一个 cluster（%1 个 block，每个 %2 个线程、%3 字节动态 shared memory）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>cudaMalloc(%1): %2</source>
        <translation>cudaMalloc(%1)：%2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>no fill for %1</source>
        <translation>没有 %1 的填充方式</translation>
    </message>
</context>
<context>
    <name>kernels::Runner</name>
    <message>
        <location line="+118"/>
        <location line="+168"/>
        <source>the CUDA context was lost after a kernel fault; restart the program</source>
        <translation>kernel 出错后 CUDA 上下文已失效；请重启程序</translation>
    </message>
    <message>
        <location line="-153"/>
        <source>--device %1: there are %2 CUDA devices (0 to %3)</source>
        <translation>--device %1：共有 %2 个 CUDA 设备（0 到 %3）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>compiling the runtime kernels for %1</source>
        <translation>正在为 %1 编译运行时 kernel</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>unknown kernel &quot;%1&quot; (see: rooflab-cli kernels)</source>
        <translation>未知 kernel“%1”（参见：rooflab-cli kernels）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>no bench runs this kernel</source>
        <translation>没有可运行这个 kernel 的 bench</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: compiling for %2</source>
        <translation>%1：正在为 %2 编译</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: preparing</source>
        <translation>%1：准备中</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: checking the result</source>
        <translation>%1：正在校验结果</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the CUDA context was lost during the check</source>
        <translation>校验过程中 CUDA 上下文失效</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: timing %2 samples (about %3 each)</source>
        <translation>%1：正在计时 %2 个样本（每个约 %3）</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>%1: the check failed: %2</source>
        <translation>%1：校验失败：%2</translation>
    </message>
</context>
<context>
    <name>kernels::TestKernels</name>
    <message>
        <location filename="../../kernels/family_testing.cpp" line="+15"/>
        <source>Faulting kernel (test)</source>
        <translation>故意出错的 kernel（测试用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes far out of bounds on purpose: an illegal-address fault that leaves the process&apos;s CUDA context unusable. For crash tests.</source>
        <translation>故意远远越界写入：触发非法地址错误，使进程的 CUDA 上下文不可用。用于崩溃测试。</translation>
    </message>
</context>
<context>
    <name>kernels::W4Bench</name>
    <message>
        <location filename="../../kernels/bench_llm.cpp" line="+239"/>
        <source>wgmma=1 uses wgmma and TMA, which only sm_90 (Hopper) has; this device is %1</source>
        <translation>wgmma=1 使用 wgmma 和 TMA，只有 sm_90（Hopper）具备；此设备是 %1</translation>
    </message>
</context>
<context>
    <name>kernels::gemm</name>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="+106"/>
        <source>%1 is not a GEMM ladder step</source>
        <translation>%1 不是 GEMM 阶梯中的一步</translation>
    </message>
    <message>
        <location filename="../../kernels/gemmtile.cpp" line="+107"/>
        <source>Tile model only (no kernel)</source>
        <translation>仅分块模型（无 kernel）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>not a knob of this step</source>
        <translation>不是这一步的参数</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>the tile model does not see the per-thread tile</source>
        <translation>分块模型不考虑每线程分块</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no tile: every output is computed on its own, so the model counts a 1×1 tile (no reuse)</source>
        <translation>不分块：每个输出单独计算，所以模型按 1×1 分块计（无复用）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no shared memory</source>
        <translation>不用 shared memory</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>launch order as the grid runs</source>
        <translation>按 grid 运行的顺序启动</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>= BM: square TILE×TILE tiles of A and B</source>
        <translation>= BM：A 和 B 为 TILE×TILE 的方形分块</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+28"/>
        <source>one shared-memory buffer</source>
        <translation>一个 shared memory 缓冲</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>= TILE²: one thread per output of the tile</source>
        <translation>= TILE²：分块的每个输出一个线程</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+29"/>
        <location line="+21"/>
        <source>row-major block order</source>
        <translation>按行主序的 block 顺序</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>one column of results per thread</source>
        <translation>每线程一列结果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>= BM·BN/TM: one thread per TM results</source>
        <translation>= BM·BN/TM：每 TM 个结果一个线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= (BM/TM)·(BN/TN): one thread per TM×TN patch</source>
        <translation>= (BM/TM)·(BN/TN)：每个 TM×TN 小块一个线程</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>two tile buffers: the next K-slice loads during the math</source>
        <translation>两个分块缓冲：计算时读取下一个 K 切片</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>tensor cores: the MMA instruction sets the per-warp tile</source>
        <translation>Tensor Core：由 MMA 指令决定每个 warp 的分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>one stage: load, barrier, compute</source>
        <translation>单级：读取、barrier、计算</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>TMA copies 128-byte swizzled rows: 128 e4m3 elements</source>
        <translation>TMA 拷贝 128 字节的 swizzle 行：128 个 e4m3 元素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TMA copies 128-byte (64-element) swizzled rows</source>
        <translation>TMA 拷贝 128 字节（64 个元素）的 swizzle 行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tensor cores: wgmma sets the per-warpgroup tile</source>
        <translation>Tensor Core：由 wgmma 决定每个 warpgroup 的分块</translation>
    </message>
    <message>
        <location line="+161"/>
        <source>threads: %1 launches BLOCK×BLOCK threads with BLOCK 8, 16 or 32 (64, 256 or 1024 threads), not %2</source>
        <translation>threads：%1 启动 BLOCK×BLOCK 个线程，BLOCK 为 8、16 或 32（64、256 或 1024 个线程），不能是 %2</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>threads: %1 is not a power-of-two number of warps (32, 64, 128, ... 1024)</source>
        <translation>threads：%1 不是 2 的幂个 warp（32、64、128……1024）</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>threads: %1 launches one producer and 1 or 2 consumer warpgroups (256 or 384 threads), not %2</source>
        <translation>threads：%1 启动一个生产者和 1 或 2 个消费者 warpgroup（256 或 384 个线程），不能是 %2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>step: &quot;%1&quot; is not a GEMM ladder step (known: %2)</source>
        <translation>step：“%1”不是 GEMM 阶梯中的一步（已知：%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>dtype: %1 computes %2 only, not %3</source>
        <translation>dtype：%1 只计算 %2，不计算 %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is outside %3..%4 for %5 (slider values: %6)</source>
        <translation>%1：%2 超出 %5 的范围 %3..%4（滑块取值：%6）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2 gives %3, not %4 (%5)</source>
        <translation>%1：%2 得到 %3，而不是 %4（%5）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 always uses %3 (%4), not %5</source>
        <translation>%1：%2 总是使用 %3（%4），不能是 %5</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 shares nothing between threads: the model counts every output as its own 1×1 tile with one thread, so blocks/SM and waves below are per thread; the launch has %2 threads per block</source>
        <translation>%1 的线程之间不共享任何数据：模型把每个输出当作一个只有一个线程的 1×1 分块，因此下面的 blocks/SM 和 wave 都是按线程计算的；这次启动每个 block 有 %2 个线程</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: the producer warpgroup (128 threads) only issues TMA copies; the model spreads the tile over the %2 consumer threads</source>
        <translation>%1：生产者 warpgroup（128 个线程）只发出 TMA 拷贝；模型把分块分摊到 %2 个消费者线程上</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>step: %1 is not in the kernel catalog</source>
        <translation>step：kernel 目录中没有 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 is not an NVIDIA GPU: nothing to compile or run there; registers stay estimated</source>
        <translation>%1 不是 NVIDIA GPU：不能在上面编译或运行；寄存器数仍为估计值</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 has no CUDA compute capability in the spec database</source>
        <translation>规格数据库中没有 %1 的 CUDA 计算能力</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs sm_90a (Hopper: wgmma and TMA); %2 is compute capability %3</source>
        <translation>%1 需要 sm_90a（Hopper：wgmma 和 TMA）；%2 的计算能力是 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs bf16 tensor cores (compute capability 8.0 or later); %2 is %3</source>
        <translation>%1 需要 bf16 Tensor Core（计算能力 8.0 或更新）；%2 是 %3</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the tile-model step has no kernel to compile; pick a ladder step</source>
        <translation>分块模型这一步没有可编译的 kernel；请选择阶梯中的一步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not a compiled kernel</source>
        <translation>%1 不是编译型 kernel</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>NVRTC failed</source>
        <translation>NVRTC 失败</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>%1 thr, no tile</source>
        <translation>%1 线程，不分块</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> ·%1 st</source>
        <translation> ·%1 级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> ·%1 thr</source>
        <translation> ·%1 线程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> ·g%1</source>
        <translation> ·g%1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/gui/main.cpp" line="+116"/>
        <source>Roofline charts of GPUs: predicted and measured performance.</source>
        <translation>GPU 的 roofline 图：预测性能与实测性能。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open on the GPU with this id.</source>
        <translation>启动时打开这个 id 的 GPU。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Overlay up to three more GPUs (comma-separated ids).</source>
        <translation>叠加显示最多三块其他 GPU（id 用逗号分隔）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Render the window to a PNG file without showing it, then exit.</source>
        <translation>不显示窗口，直接把窗口渲染成 PNG 文件，然后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a few example workload points (for screenshots).</source>
        <translation>添加几个示例工作负载点（用于截图）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Linear axes instead of log-log (as the course notes draw the first roofline).</source>
        <translation>使用线性坐标轴代替双对数坐标（与讲义画第一张 roofline 的方式相同）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>User interface language for this run: en, zh_CN or system.</source>
        <translation>本次运行的界面语言：en、zh_CN 或 system。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Theme for this run: system, light or dark.</source>
        <translation>本次运行的主题：system、light 或 dark。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bring a panel to the front (roofline, occupancy, lesson, ...).</source>
        <translation>把某个面板切换到前台（roofline、occupancy、lesson 等）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open a lesson (its id, e.g. 01-roofline).</source>
        <translation>打开一节课程（课程 id，例如 01-roofline）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to this step of the lesson (1 = the first).</source>
        <translation>跳到课程的第几步（1 = 第一步）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reveal every answer of the --step (the step as written, no guess).</source>
        <translation>揭晓 --step 的全部答案（按原文显示本步，不含猜测）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start in presentation mode.</source>
        <translation>以演示模式启动。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Presentation scale, 1.0 to 3.0.</source>
        <translation>演示缩放比例，1.0 到 3.0。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Window size for --screenshot (default 1400x900).</source>
        <translation>--screenshot 使用的窗口大小（默认 1400x900）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a results file, an Nsight Compute report (.ncu-rep) or its CSV export (repeatable).</source>
        <translation>打开一个结果文件、Nsight Compute 报告（.ncu-rep）或其导出的 CSV（可重复）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Open the files given, draw them, then quit (for benchmarks).</source>
        <translation>打开所给的文件并绘制，然后退出（用于基准测试）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Write the chart of the --results files to FILE (.svg, .pdf or .png) and quit; --size sets its size (default 1600x1000).</source>
        <translation>把 --results 文件的图表写入 FILE（.svg、.pdf 或 .png）后退出；--size 设置其大小（默认 1600x1000）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Memory levels to draw, e.g. hbm,l2,l1 (--export-chart).</source>
        <translation>要绘制的内存层级，例如 hbm,l2,l1（--export-chart）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Precisions to draw, e.g. fp32,bf16_tc (--export-chart).</source>
        <translation>要绘制的精度，例如 fp32,bf16_tc（--export-chart）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>One point per launch instead of one per kernel (--export-chart).</source>
        <translation>每次启动一个点，而不是每个 kernel 一个点（--export-chart）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Results files, Nsight Compute reports or CSV exports to open.</source>
        <translation>要打开的结果文件、Nsight Compute 报告或导出的 CSV。</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Compare the results with this file.</source>
        <translation>把结果与这个文件对比。</translation>
    </message>
</context>
<context>
    <name>model</name>
    <message>
        <location filename="../../model/gpu.cpp" line="+25"/>
        <source>FP64</source>
        <translation>FP64</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP64 Tensor</source>
        <translation>FP64 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP16 (CUDA cores)</source>
        <translation>FP16（CUDA Core）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TF32 Tensor</source>
        <translation>TF32 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP16 Tensor</source>
        <translation>FP16 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BF16 Tensor</source>
        <translation>BF16 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP16 Tensor, FP16 acc.</source>
        <translation>FP16 Tensor，FP16 累加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP8 Tensor</source>
        <translation>FP8 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP8 Tensor, FP16 acc.</source>
        <translation>FP8 Tensor，FP16 累加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP6 Tensor</source>
        <translation>FP6 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP4 Tensor</source>
        <translation>FP4 Tensor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>INT8 Tensor</source>
        <translation>INT8 Tensor</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DRAM</source>
        <translation>DRAM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shared memory</source>
        <translation>Shared memory</translation>
    </message>
    <message>
        <location filename="../../model/ncuimport.cpp" line="+1308"/>
        <source>is %1 GiB; the import reads files up to %2 GiB (a whole application&apos;s --set full export is far smaller: profile fewer launches with --launch-count or --kernel-name)</source>
        <translation>大小为 %1 GiB；导入只读取不超过 %2 GiB 的文件（整个应用程序用 --set full 导出的文件也小得多：请用 --launch-count 或 --kernel-name 减少 profile 的启动次数）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>is not a CSV text file (a zero byte at offset %1: binary data)</source>
        <translation>不是 CSV 文本文件（偏移 %1 处有零字节：二进制数据）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../model/occupancy.cpp" line="+61"/>
        <location line="+1"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 B)</source>
        <translation>%1（%2 B）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory</source>
        <translation>shared memory</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warps</source>
        <translation>warp</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>blocks per SM</source>
        <translation>每 SM 的 block 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>barriers</source>
        <translation>barrier</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>cuda_occupancy.h (which knows compute capabilities up to %1.%2) does not know compute capability %3</source>
        <translation>cuda_occupancy.h（只认识到 %1.%2 的计算能力）不认识计算能力 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cuda_occupancy.h refused the input (invalid input): check the per-SM limits of CC %1, e.g. %2 shared memory per SM must be one of its carveout sizes</source>
        <translation>cuda_occupancy.h 拒绝了输入（输入无效）：请检查 CC %1 的每 SM 限制，例如每 SM %2 的 shared memory 必须是它的某个划分大小</translation>
    </message>
    <message>
        <location filename="../../model/resultset.cpp" line="+58"/>
        <source>is null (not a finite number)</source>
        <translation>为 null（不是有限数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <location line="+15"/>
        <location filename="../../model/specdb.cpp" line="+62"/>
        <location line="+23"/>
        <location line="+26"/>
        <location line="+33"/>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="-31"/>
        <location filename="../../model/specdb.cpp" line="-95"/>
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../model/specdb.cpp" line="+3"/>
        <source>must be finite</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../model/specdb.cpp" line="+2"/>
        <source>must not be negative</source>
        <translation>不能为负</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../model/specdb.cpp" line="+35"/>
        <source>must be greater than zero</source>
        <translation>必须大于零</translation>
    </message>
    <message>
        <location line="+13"/>
        <location filename="../../model/specdb.cpp" line="-15"/>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <location line="+13"/>
        <location filename="../../model/specdb.cpp" line="+41"/>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <location line="+193"/>
        <source>min &lt;= median &lt;= max does not hold</source>
        <translation>不满足 最小 &lt;= 中位数 &lt;= 最大</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>&quot;%1&quot; %2</source>
        <translation>“%1”%2</translation>
    </message>
    <message>
        <location filename="../../model/specdb.cpp" line="-51"/>
        <source>must be a non-empty string</source>
        <translation>必须是非空字符串</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>must be an object {&quot;value&quot;: number, &quot;source&quot;: text}</source>
        <translation>必须是对象 {&quot;value&quot;: 数字, &quot;source&quot;: 文本}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is missing: every number needs its source</source>
        <translation>缺失：每个数值都需要注明来源</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>unknown name (known: %1)</source>
        <translation>未知名称（已知：%1）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>must be at most %1</source>
        <translation>不能大于 %1</translation>
    </message>
    <message>
        <location filename="../../model/resultset.cpp" line="-45"/>
        <location filename="../../model/specdb.cpp" line="-2"/>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <location filename="../../model/specdb.cpp" line="+36"/>
        <source>must be a non-empty list of numbers</source>
        <translation>必须是非空的数字列表</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sizes and granularities must be greater than zero</source>
        <translation>大小和粒度必须大于零</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel.cpp" line="+397"/>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2 share of the busiest SM</source>
        <translation>最忙 SM 的 L2 份额</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>throughput with latency</source>
        <translation>吞吐与延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 with %2</source>
        <translation>%1 与 %2</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel_gemm.cpp" line="+159"/>
        <source>each warp&apos;s load of A touches %1 cache lines</source>
        <translation>每个 warp 加载 A 时涉及 %1 条缓存行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loads coalesced: %1 + %2 cache lines per k</source>
        <translation>合并访存的加载：每个 k %1 + %2 条缓存行</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>per k: A %1, B %2 wavefront(s) per warp</source>
        <translation>每个 k：每个 warp A %1 个、B %2 个 wavefront</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tile sizes must be positive</source>
        <translation>分块尺寸必须为正数</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>TM and TN must divide BM and BN</source>
        <translation>TM 和 TN 必须整除 BM 和 BN</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>per slice: %1 A loads (%2 B wide) × %3 + %4 B loads (%5 B wide) × %6 wavefront(s) per warp</source>
        <translation>每个切片：%1 次 A 加载（%2 B 宽）× %3 + %4 次 B 加载（%5 B 宽）× 每个 warp %6 个 wavefront</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>TM and TN must be multiples of 4 dividing BM and BN</source>
        <translation>TM 和 TN 必须是 4 的倍数，并整除 BM 和 BN</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>warp tile does not divide the block tile</source>
        <translation>warp 分块不能整除 block 分块</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>threads per block must be a multiple of 32</source>
        <translation>每个 block 的线程数必须是 32 的倍数</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>per k: %1 A float4 loads × %2 + %3 B float4 loads × %4 wavefronts per warp</source>
        <translation>每个 k：每个 warp %1 次 A float4 加载 × %2 + %3 次 B float4 加载 × %4 个 wavefront</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>warp layout does not divide the block tile</source>
        <translation>warp 布局不能整除 block 分块</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>ldmatrix.x4 on swizzled tiles: conflict-free</source>
        <translation>在 swizzle 后的分块上使用 ldmatrix.x4：无 bank conflict</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fragment loads on padded rows</source>
        <translation>在填充过的行上加载 fragment</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>BM must be a multiple of 64 × CONSUMERS</source>
        <translation>BM 必须是 64 × CONSUMERS 的倍数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>wgmma reads A and B from shared memory (%1 B per slice)</source>
        <translation>wgmma 从 shared memory 读取 A 和 B（每个切片 %1 B）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>clusters of 2 along M: each B tile is read from L2 once per pair and multicast into both blocks</source>
        <translation>沿 M 方向 2 个 block 的 cluster：每个 B 分块每对只从 L2 读一次，多播到两个 block</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>clusters of 2 along N: each A tile is read from L2 once per pair and multicast into both blocks</source>
        <translation>沿 N 方向 2 个 block 的 cluster：每个 A 分块每对只从 L2 读一次，多播到两个 block</translation>
    </message>
    <message>
        <location line="-275"/>
        <location line="+280"/>
        <source>no description of %1</source>
        <translation>没有 %1 的描述</translation>
    </message>
    <message>
        <location filename="../../model/profilecounters.cpp" line="+272"/>
        <source>L1</source>
        <translation>L1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: predicted %2, measured %3</source>
        <translation>%1：预测 %2，实测 %3</translation>
    </message>
    <message>
        <location filename="../../model/ncureport.cpp" line="+112"/>
        <source>ncu crashed</source>
        <translation>ncu 崩溃了</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ncu exited with code %1</source>
        <translation>ncu 以退出码 %1 退出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nsight Compute could not read %1: %2</source>
        <translation>Nsight Compute 无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: cannot be read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cannot create a temporary file for ncu&apos;s output in %1: %2</source>
        <translation>无法在 %1 中为 ncu 的输出创建临时文件：%2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Nsight Compute (%1) could not be started: %2</source>
        <translation>无法启动 Nsight Compute（%1）：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Nsight Compute did not finish reading %1 within %2 s</source>
        <translation>Nsight Compute 未能在 %2 s 内读完 %1</translation>
    </message>
    <message>
        <location filename="../../model/ceilingpolicy.cpp" line="+20"/>
        <source>an unnamed device</source>
        <translation>未命名的设备</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>; the copy engine&apos;s L2 rate from RoofLab&apos;s samples (%1)</source>
        <translation>；拷贝引擎的 L2 速率取自 RoofLab 的样例（%1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>datasheet ceilings: no GPU to match measured ones against</source>
        <translation>数据手册上限：没有可与实测上限对应的 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: no GPU to match its ceilings against</source>
        <translation>%1：没有可与其上限对应的 GPU</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>measured ceilings of its own file (%1)</source>
        <translation>其所在文件的实测上限（%1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>measured ceilings of the files beside it from the same GPU (%1)</source>
        <translation>同一 GPU 上一同载入的文件的实测上限（%1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 not used for %2: %3 come first</source>
        <translation>%1 未用于 %2：%3 优先</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 was measured on %2, not on %3: one GPU&apos;s ceilings do not apply to another</source>
        <translation>%1 测于 %2，而非 %3：一块 GPU 的上限不适用于另一块</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 holds no measured ceilings (datasheet figures only)</source>
        <translation>%1 不含实测上限（只有数据手册数值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured ceilings of %1, as asked</source>
        <translation>按要求使用 %1 的实测上限</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>RoofLab&apos;s samples measured on %1 (%2)</source>
        <translation>RoofLab 在 %1 上实测的样例（%2）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>datasheet ceilings of %1: nothing measured on it</source>
        <translation>%1 的数据手册上限：没有在其上实测的数据</translation>
    </message>
    <message>
        <location filename="../../kernels/gemmtile.cpp" line="-38"/>
        <source>%1 is not a kernel the performance model knows</source>
        <translation>性能模型不认识 %1 这个 kernel</translation>
    </message>
</context>
<context>
    <name>model::Exercise</name>
    <message>
        <location filename="../../model/exercise.cpp" line="+68"/>
        <source>%1× too high</source>
        <translation>高了 %1 倍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1× too low</source>
        <translation>低了 %1 倍</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>right on</source>
        <translation>准确</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>memory-bound</source>
        <translation>受内存限制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>compute-bound</source>
        <translation>受计算限制</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>unknown truth &quot;%1&quot; (known: workload:&lt;label&gt;, bound:&lt;label&gt;, ridge:&lt;precision&gt;, result:&lt;kernel&gt;, blocks_per_sm, warps_per_sm, occupancy, limiter)</source>
        <translation>未知的 truth &quot;%1&quot;（可用：workload:&lt;label&gt;、bound:&lt;label&gt;、ridge:&lt;precision&gt;、result:&lt;kernel&gt;、blocks_per_sm、warps_per_sm、occupancy、limiter）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;%1&quot; is answered by a %2, not a %3</source>
        <translation>&quot;%1&quot; 的答案是 %2，而不是 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no workload labelled &quot;%1&quot; on this step</source>
        <translation>这一步没有标签为 &quot;%1&quot; 的负载</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown precision &quot;%1&quot;</source>
        <translation>未知精度 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>needs a results file on this step</source>
        <translation>这一步需要一个结果文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>needs an occupancy launch on this step</source>
        <translation>这一步需要一个占用率启动配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>needs a GPU on this step</source>
        <translation>这一步需要指定 GPU</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>unknown GPU &quot;%1&quot;</source>
        <translation>未知 GPU &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 does %2 FLOP per byte; the ridge of %3 %4 is at %5 FLOP/B, so it is %6: at most %7.</source>
        <translation>%1 每字节做 %2 FLOP；%3 的 %4 拐点在 %5 FLOP/B，所以它%6：最多 %7。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has no %2 ceiling</source>
        <translation>%1 没有 %2 屋顶</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ridge = peak / bandwidth = %1 / %2 = %3 FLOP/B on %4</source>
        <translation>%4 上：拐点 = 峰值 / 带宽 = %1 / %2 = %3 FLOP/B</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>no measured point of %1 in %2</source>
        <translation>%2 中没有 %1 的实测点</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>measured: %1 in %2 (%3), %4</source>
        <translation>实测：%1 用时 %2（%3），%4</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>the calculator names no limiter for this launch</source>
        <translation>占用率计算器没有给出这个启动配置的限制因素</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+15"/>
        <source>right on (within 10 %)</source>
        <translation>正确（误差在 10 % 以内）</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>intensity %1, performance %2</source>
        <translation>算术强度%1，性能%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+13"/>
        <source>right</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong: it is %1</source>
        <translation>错误：答案是%1</translation>
    </message>
</context>
<context>
    <name>model::Importer</name>
    <message>
        <location filename="../../model/ncuimport.cpp" line="-928"/>
        <source>ncu said: %1</source>
        <translation>ncu 提示：%1</translation>
    </message>
    <message>
        <location line="+298"/>
        <source>unknown unit &quot;%1&quot;</source>
        <translation>未知单位“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>negative value %1</source>
        <translation>负值 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot; is out of range</source>
        <translation>“%1”超出范围</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>%1 is a rate per cycle, and the file has no %2 to turn it into a count</source>
        <translation>%1 是每周期的速率，而文件中没有可把它换算为计数的 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 FLOPs count only %2: %3 not in the file (counted as 0)</source>
        <translation>%1 的运算量只统计了 %2：文件中没有 %3（按 0 计）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>only one of %1 and %2 is in the file: no HBM point (ask for %3)</source>
        <translation>文件中 %1 和 %2 只有其中一个：无法得到 HBM 点（请采集 %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a kernel time (%1, or %2 with %3)</source>
        <translation>kernel 时间（%1，或 %2 加上 %3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (or %2)</source>
        <translation>%1（或 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a FLOP count (%1, ... or %2*.sum)</source>
        <translation>运算量（%1……或 %2*.sum）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>lacks the metrics a roofline point needs: %1.</source>
        <translation>缺少画 roofline 点所需的指标：%1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This details page shows Nsight&apos;s roofline sections without the metrics they are drawn from; the report has them, in its raw page.</source>
        <translation>这个 details 页面只显示 Nsight 的 roofline 部分，不含绘制它们所用的指标；报告中有这些指标，在它的 raw 页面里。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export the raw page of the same report:
  %1</source>
        <translation>请导出同一份报告的 raw 页面：
  %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The default (basic) set collects no FLOP counts; --set roofline or --set full does, and so does RoofLab&apos;s metric list.</source>
        <translation>默认的（basic）指标集不采集运算量；--set roofline 或 --set full 会采集，RoofLab 的指标列表也会。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The details page lists raw metrics only when they are requested with --metrics; --page raw is the format this import is made for.</source>
        <translation>details 页面只在用 --metrics 请求时才列出原始指标；本导入针对的是 --page raw 格式。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Profile with:
  %1</source>
        <translation>请这样采集：
  %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>kernel %1</source>
        <translation>kernel %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>launch %1 (%2, line %3): no usable %4; skipped</source>
        <translation>启动 %1（%2，第 %3 行）：没有可用的 %4；已跳过</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>launch %1 (%2, line %3): no usable byte count; skipped</source>
        <translation>启动 %1（%2，第 %3 行）：没有可用的字节数；已跳过</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>launch %1 (%2): %3 is 0, so its %4 point has no intensity; skipped</source>
        <translation>启动 %1（%2）：%3 为 0，所以它的 %4 点没有算术强度；已跳过</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>CUDA device %1</source>
        <translation>CUDA 设备 %1</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>the quote opened on line %1 is never closed (the rest of the file is one value)</source>
        <translation>第 %1 行开始的引号没有闭合（文件其余部分都成了一个值）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is not an Nsight Compute CSV export (no header with &quot;Kernel Name&quot;; export with ncu --csv --page raw)</source>
        <translation>不是 Nsight Compute 导出的 CSV（没有含“Kernel Name”的表头；请用 ncu --csv --page raw 导出）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the file ends inside a quoted value (truncated?)</source>
        <translation>文件在引号内的值中途结束（被截断了？）</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n line(s) that are not CSV rows of the table were skipped (line %1%2)</source>
        <translation>
            <numerusform>跳过了 %n 行不属于表格的 CSV 行（第 %1 行%2）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no units line after the header: values are read as base units (ns, byte); export with --print-units base</source>
        <translation>表头后没有单位行：数值按基本单位（ns、字节）读取；请用 --print-units base 导出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>tensor operations counted by %1 are not imported (no precision RoofLab charts)</source>
        <translation>%1 统计的 Tensor Core 运算没有导入（RoofLab 图表中没有对应的精度）</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n launch(es) ran tensor instructions (%1), but the file has no tensor FLOP count: one instruction does a different number of FLOPs per GPU and shape (65,536 on Hopper), so no tensor point is made. Ask for %2&lt;type&gt;.sum (e.g. sm__ops_path_tensor_src_bf16_dst_fp32.sum) to get them.</source>
        <translation>
            <numerusform>有 %n 次启动执行了 Tensor Core 指令（%1），但文件中没有 Tensor Core 运算量：一条指令做多少 FLOP 因 GPU 和形状而异（Hopper 上为 65,536），因此不生成 Tensor Core 点。请采集 %2&lt;type&gt;.sum（例如 sm__ops_path_tensor_src_bf16_dst_fp32.sum）来获得它们。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the file holds launches on %1 devices; the results carry the first one&apos;s name</source>
        <translation>文件包含 %1 个设备上的启动；结果使用第一个设备的名称</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 was n/a in %n launch(es)</source>
        <translation>
            <numerusform>%1 在 %n 次启动中为 n/a</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 unusable in %n launch(es) (%2)</source>
        <translation>
            <numerusform>%1 在 %n 次启动中不可用（%2）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>holds no kernel launches (only the header)</source>
        <translation>不含任何 kernel 启动（只有表头）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>has no launch with usable values (%n skipped)</source>
        <translation>
            <numerusform>没有数值可用的启动（跳过 %n 次）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::NcuImport</name>
    <message>
        <location line="+206"/>
        <source>holds no kernel launches (only the header)</source>
        <translation>不含任何 kernel 启动（只有表头）</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>is a folder, not a CSV file</source>
        <translation>是文件夹，不是 CSV 文件</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+32"/>
        <source>cannot be opened: %1</source>
        <translation>无法打开：%1</translation>
    </message>
</context>
<context>
    <name>model::NcuReportReader</name>
    <message>
        <location filename="../../model/ncureport.cpp" line="+37"/>
        <source>the setting %1</source>
        <translation>设置项 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Nsight Compute (ncu) is needed to read the report %1 and was not found (setting %2, PATH, the CUDA Toolkit, /opt/nvidia/nsight-compute); on a machine that has it, export a CSV and open that: %3 &gt; %4</source>
        <translation>读取报告 %1 需要 Nsight Compute（ncu），但没有找到（设置项 %2、PATH、CUDA Toolkit、/opt/nvidia/nsight-compute 中都没有）；请在装有它的机器上导出 CSV 再打开：%3 &gt; %4</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <location line="+125"/>
        <source>cannot read ncu&apos;s output %1: %2</source>
        <translation>无法读取 ncu 的输出 %1：%2</translation>
    </message>
    <message>
        <location line="-121"/>
        <location line="+154"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-116"/>
        <source>%1: another report is still being read</source>
        <translation>%1：另一份报告仍在读取中</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Nsight Compute (%1) could not be started: %2</source>
        <translation>无法启动 Nsight Compute（%1）：%2</translation>
    </message>
</context>
<context>
    <name>model::Occupancy</name>
    <message>
        <location filename="../../model/occupancy.cpp" line="+12"/>
        <source>%1 has no per-SM limits in the spec database: occupancy needs an NVIDIA GPU with a compute capability</source>
        <translation>规格数据库中没有 %1 的每 SM 限制：占用率计算需要有计算能力（CC）的 NVIDIA GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no per-SM limits (sm_limits) in the spec database</source>
        <translation>规格数据库中没有 %1 的每 SM 限制（sm_limits）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>CC %1</source>
        <translation>CC %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>compute capability &quot;%1&quot; is not of the form X.Y</source>
        <translation>计算能力“%1”不是 X.Y 的形式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the per-SM limits of %1 are incomplete (a size is zero)</source>
        <translation>%1 的每 SM 限制不完整（有大小为零）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 shared memory per SM is not one of cuda_occupancy.h&apos;s carveout sizes for CC %2 (the next is %3)</source>
        <translation>每 SM %1 的 shared memory 不是 cuda_occupancy.h 中 CC %2 的划分大小之一（下一个是 %3）</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+64"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown compute capability &quot;%1&quot; (known: %2)</source>
        <translation>未知的计算能力“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: entry &quot;%2&quot;: field &quot;%3&quot; is missing or not a whole positive number</source>
        <translation>%1：条目“%2”：字段“%3”缺失或不是正整数</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>threads per block: must be at least 1 (got %1)</source>
        <translation>每 block 线程数：至少为 1（实际为 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>threads per block: %1 is more than the maximum of %2 per block on CC %3</source>
        <translation>每 block 线程数：%1 超过了 CC %3 上每 block 最多 %2 的限制</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>registers per thread: must not be negative (got %1)</source>
        <translation>每线程寄存器数：不能为负（实际为 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>registers per thread: %1 is more than the maximum of %2 per thread</source>
        <translation>每线程寄存器数：%1 超过了每线程最多 %2 的限制</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shared memory per block: must not be negative</source>
        <translation>每 block 的 shared memory：不能为负</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>static shared memory: %1 is more than the %2 a block may declare statically; larger allocations must be dynamic (with the opt-in)</source>
        <translation>静态 shared memory：%1 超过了一个 block 可静态声明的 %2；更大的分配必须是动态的（并显式开启）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>shared memory per block: %1 is more than the per-block maximum of %2 (with the opt-in) on CC %3</source>
        <translation>每 block 的 shared memory：%1 超过了 CC %3 上每 block 的最大值 %2（已显式开启）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>carveout: %1 is not default, max-l1, max-shared or a percentage 0-100</source>
        <translation>划分比例：%1 不是 default、max-l1、max-shared 或 0-100 的百分比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>barriers per block: %1 is not between 0 and 16</source>
        <translation>每 block 的 barrier 数：%1 不在 0 到 16 之间</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>warps per block = ⌈%1 threads / %2⌉ = %3</source>
        <translation>每 block 的 warp 数 = ⌈%1 个线程 / %2⌉ = %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>registers per thread = 0 → registers do not limit the blocks</source>
        <translation>每线程寄存器数 = 0 → 寄存器不限制 block 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>registers per warp = %1 × %2 = %3 → rounded up to a multiple of %4 → %5</source>
        <translation>每 warp 寄存器数 = %1 × %2 = %3 → 向上取整到 %4 的倍数 → %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>registers per block = %1 × %2 warps = %3</source>
        <translation>每 block 寄存器数 = %1 × %2 个 warp = %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>blocks by registers: the hardware counts %1 warps (%2 rounded up to the %3 register-file sub-partitions) × %4 = %5 registers, more than the %6 a block may use → 0 blocks</source>
        <translation>按寄存器算的 block 数：硬件按 %1 个 warp 计（%2 向上取整到 %3 个寄存器文件分区）× %4 = %5 个寄存器，超过一个 block 可用的 %6 → 0 个 block</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocks by registers: %1 registers per block is more than the %2 a block may use → 0 blocks</source>
        <translation>按寄存器算的 block 数：每 block %1 个寄存器，超过一个 block 可用的 %2 → 0 个 block</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>blocks by registers: each of the %1 register-file sub-partitions holds ⌊(%2 / %1) / %3⌋ = ⌊%4 / %3⌋ = %5 warps → %5 × %1 = %6 warps per SM → ⌊%6 / %7 warps⌋ = %8 blocks</source>
        <translation>按寄存器算的 block 数：%1 个寄存器文件分区各容纳 ⌊(%2 / %1) / %3⌋ = ⌊%4 / %3⌋ = %5 个 warp → %5 × %1 = 每 SM %6 个 warp → ⌊%6 / %7 个 warp⌋ = %8 个 block</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 static + %2 dynamic</source>
        <translation>%1 静态 + %2 动态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shared memory per block = %1 + %2 reserved = %3 → rounded up to a multiple of %4 B → %5</source>
        <translation>每 block 的 shared memory = %1 + %2 保留 = %3 → 向上取整到 %4 B 的倍数 → %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shared memory per block = %1 → rounded up to a multiple of %2 B → %3</source>
        <translation>每 block 的 shared memory = %1 → 向上取整到 %2 B 的倍数 → %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>shared memory per SM: carveout default → %1</source>
        <translation>每 SM 的 shared memory：默认划分 → %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory per SM: carveout max L1 → %1</source>
        <translation>每 SM 的 shared memory：L1 最大划分 → %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory per SM: carveout %1 % × %2 = %3 → next supported size %4</source>
        <translation>每 SM 的 shared memory：划分 %1 % × %2 = %3 → 下一个支持的大小 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; one block needs %1, so the driver takes the next size that fits → %2</source>
        <translation>；一个 block 需要 %1，所以驱动取能放下它的下一个大小 → %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by shared memory: %1 per block is more than a block may use → 0 blocks</source>
        <translation>按 shared memory 算的 block 数：每 block %1，超过一个 block 可用的量 → 0 个 block</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>blocks by shared memory: none used → no limit</source>
        <translation>按 shared memory 算的 block 数：未使用 → 不受限制</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by shared memory = ⌊%1 / %2⌋ = ⌊%3 / %4⌋ = %5 blocks</source>
        <translation>按 shared memory 算的 block 数 = ⌊%1 / %2⌋ = ⌊%3 / %4⌋ = %5 个 block</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocks by warps = ⌊%1 / %2⌋ = %3 blocks</source>
        <translation>按 warp 算的 block 数 = ⌊%1 / %2⌋ = %3 个 block</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks per SM limit (CC %1) = %2</source>
        <translation>每 SM 的 block 数上限（CC %1）= %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by barriers (%1 per block) = %2</source>
        <translation>按 barrier 算的 block 数（每 block %1 个）= %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>min(%1) = %2 blocks/SM → %2 × %3 warps = %4 warps → %4 / %5 = %6 (limited by %7)</source>
        <translation>min(%1) = 每 SM %2 个 block → %2 × %3 个 warp = %4 个 warp → %4 / %5 = %6（受%7限制）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the spec DB gives %1 blocks per SM for CC %2, cuda_occupancy.h uses %3</source>
        <translation>规格数据库给出 CC %2 每 SM %1 个 block，cuda_occupancy.h 使用 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the spec DB gives a register allocation unit of %1, cuda_occupancy.h uses %2</source>
        <translation>规格数据库给出的寄存器分配单位是 %1，cuda_occupancy.h 使用 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the spec DB gives a shared-memory granularity of %1 B, cuda_occupancy.h uses %2 B</source>
        <translation>规格数据库给出的 shared memory 分配粒度是 %1 B，cuda_occupancy.h 使用 %2 B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the spec DB gives %1 register-file sub-partitions, cuda_occupancy.h uses %2</source>
        <translation>规格数据库给出 %1 个寄存器文件分区，cuda_occupancy.h 使用 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the spec DB gives %1 warps per SM but %2 threads per SM (%3 warps); the threads figure is used</source>
        <translation>规格数据库给出每 SM %1 个 warp，但每 SM %2 个线程（%3 个 warp）；采用线程数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>internal: an intermediate number of the explanation does not reproduce cuda_occupancy.h&apos;s result; the header&apos;s numbers are the ones reported</source>
        <translation>内部问题：解释过程中的某个中间数值与 cuda_occupancy.h 的结果不一致；报告的是头文件给出的数值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>registers: %1 per thread × %2 threads do not fit the %3 registers a block may use</source>
        <translation>寄存器：每线程 %1 个 × %2 个线程，超出一个 block 可用的 %3 个寄存器</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>shared memory per block: %1 allocated is more than a block may use</source>
        <translation>每 block 的 shared memory：分配的 %1 超过了一个 block 可用的量</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>threads per block: %1 is more than the SM allows</source>
        <translation>每 block 线程数：%1 超过了 SM 允许的值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cuda_occupancy.h allows 0 blocks per SM</source>
        <translation>cuda_occupancy.h 算出每 SM 0 个 block</translation>
    </message>
</context>
<context>
    <name>model::OccupancyResult</name>
    <message>
        <location line="-531"/>
        <source>%1 block/SM</source>
        <translation>每 SM %1 个 block</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 blocks/SM</source>
        <translation>每 SM %1 个 block</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 warp</source>
        <translation>%1 个 warp</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 warps</source>
        <translation>%1 个 warp</translation>
    </message>
</context>
<context>
    <name>model::PerfModel</name>
    <message>
        <location filename="../../model/perfmodel.cpp" line="-22"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>issue</source>
        <translation>发射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared memory</source>
        <translation>shared memory</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L1</source>
        <translation>L1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waves</source>
        <translation>wave</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>cuBLAS&apos;s kernels are not described by the model (they are the reference)</source>
        <translation>模型不描述 cuBLAS 的 kernel（它们是参照基准）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model has no description of %1</source>
        <translation>模型没有 %1 的描述</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 has no SM count or clock in the database</source>
        <translation>数据库中没有 %1 的 SM 数量或时钟频率</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>clock: the boost clock %1 MHz (the run recorded none)</source>
        <translation>时钟：boost 时钟 %1 MHz（这次运行没有记录时钟）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no sourced constant: %1</source>
        <translation>没有来源可查的常数：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown dtype %1</source>
        <translation>未知 dtype %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>L2 bandwidth: assumed %1 × HBM (no figure)</source>
        <translation>L2 带宽：假定为 %1 × HBM（无数据）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no HBM bandwidth in the database</source>
        <translation>数据库中没有 %1 的 HBM 带宽</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>HBM %1, L2 %2: %3</source>
        <translation>HBM %1，L2 %2：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM %1, L2 %2: datasheet figures</source>
        <translation>HBM %1，L2 %2：规格表数据</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel_memory.cpp" line="+34"/>
        <source>stride %1 words: %2-way bank conflict, %3 wavefronts per SM at one per clock</source>
        <translation>步长 %1 个字：%2 路 bank conflict，按每时钟一个计，每个 SM %3 个 wavefront</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the run records no bytes</source>
        <translation>这次运行没有记录字节数</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>stride %1: a warp&apos;s load brings %2 × %3 B from DRAM for %4 useful bytes (%5 %)</source>
        <translation>步长 %1：一个 warp 的加载从 DRAM 取回 %2 × %3 B，其中有用字节为 %4（%5 %）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>atomics to one address: the model has no sourced figure for how fast the L2 serializes them</source>
        <translation>对同一地址的 atomic 操作：模型没有 L2 串行化这些操作的速度的可靠来源数据</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>decode attention: %1 query heads per KV head read each K and V row once; the KV length in %2 part(s)</source>
        <translation>decode 注意力：每个 KV 头对应 %1 个查询头，每行 K 和 V 只读一次；KV 长度分成 %2 段</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>W4A16: the model counts bytes and loads in flight only; the tensor-core and dequantization instructions and their latency are not in it</source>
        <translation>W4A16：模型只计入字节数和在途的加载；Tensor Core 指令、反量化指令及其延迟不在模型中</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>memory-bound kernel</source>
        <translation>受内存限制的 kernel</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel_gemm.cpp" line="+253"/>
        <location filename="../../model/perfmodel_memory.cpp" line="+5"/>
        <source>%1 through L2 at %2</source>
        <translation>%1 经 L2，按 %2 计</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel_memory.cpp" line="+2"/>
        <source>%1 at %2</source>
        <translation>%1，按 %2 计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in flight per SM (%2 warps × %3 B) against %4 clocks of loaded DRAM latency: %5</source>
        <translation>每个 SM 在途 %1（%2 个 warp × %3 B），对比负载下 %4 个时钟的 DRAM 延迟：%5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 launch(es)</source>
        <translation>%1 次启动</translation>
    </message>
    <message>
        <location filename="../../model/perfmodel_gemm.cpp" line="-230"/>
        <source>instruction mix: estimated from the kernel&apos;s source (no SASS or PTX count recorded)</source>
        <translation>指令构成：根据 kernel 源代码估计（没有记录 SASS 或 PTX 统计）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>M, N and K must be positive</source>
        <translation>M、N 和 K 必须为正数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>L2 %1 for the TMA copies: the copy engine&apos;s measured rate (probe.l2_bulk)</source>
        <translation>TMA 拷贝按 L2 %1 计：拷贝引擎的实测速率（probe.l2_bulk）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>L2 traffic: the tile model refused the tile (%1); the minimum is used</source>
        <translation>L2 流量：分块模型拒绝了该分块（%1）；使用最小值</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the block cannot be resident on %1 (registers or shared memory)</source>
        <translation>该 block 无法驻留在 %1 上（寄存器或 shared memory 不足）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>wgmma needs a Hopper GPU (compute capability 9.0)</source>
        <translation>wgmma 需要 Hopper GPU（计算能力 9.0）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 has no fp8 and bf16 tensor peaks in the spec database</source>
        <translation>规格数据库中没有 %1 的 fp8 和 bf16 Tensor Core 峰值</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>N = %1 is odd: the epilogue stores C one element at a time and touches %2 sectors for every 32 bytes, each a write of its own to L2</source>
        <translation>N = %1 为奇数：epilogue 逐个元素写 C，每 32 字节要碰 %2 个 sector，每个都是对 L2 的一次单独写入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N = %1 is not a multiple of 8: rows of C start inside a sector, so the epilogue&apos;s stores touch %2 sectors for every 32 bytes</source>
        <translation>N = %1 不是 8 的倍数：C 的每一行从 sector 中间开始，因此 epilogue 的写入每 32 字节要碰 %2 个 sector</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>FFMA</source>
        <translation>FFMA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mma.sync</source>
        <translation>mma.sync</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wgmma</source>
        <translation>wgmma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2 per SM at %3 per clock, %4 MHz</source>
        <translation>每个 SM %1 条 %2，每时钟 %3 条，%4 MHz</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 warp instructions per SM (%2 per math instruction) over %3 schedulers</source>
        <translation>每个 SM %1 条 warp 指令（每条数学指令 %2 条），分配到 %3 个调度器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 wavefronts per SM; %2</source>
        <translation>每个 SM %1 个 wavefront；%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 L1 wavefronts per SM; %2</source>
        <translation>每个 SM %1 个 L1 wavefront；%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 L1 wavefronts per SM of spilled registers</source>
        <translation>每个 SM 溢出寄存器的 L1 波前 %1 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 through L2 at %2, %3 of them spilled registers</source>
        <translation>%1 经 L2（%2），其中溢出寄存器 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 from HBM at %2 (L2 reuse per wave); %3 of spilled registers to and from it at %4</source>
        <translation>从 HBM 读 %1（%2，按波次计 L2 复用）；溢出寄存器往返 HBM %3（%4）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 from HBM at %2 (L2 reuse per wave)</source>
        <translation>%1 从 HBM 读取，按 %2 计（按每个 wave 的 L2 复用）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 resident block(s) × %2 warps; a slice waits %3 clocks for L2%4; a block&apos;s own path, %5 clocks a slice, over %6 slices</source>
        <translation>%1 个驻留 block × %2 个 warp；一个切片等待 L2 %3 个时钟%4；block 自身的关键路径每个切片 %5 个时钟，共 %6 个切片</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, spread over %1 stages</source>
        <translation>，分摊到 %1 级流水</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, not overlapped with its own math: %1 rounds of loads a thread, each after the one before</source>
        <translation>，未与自身的数学运算重叠：每个线程分 %1 轮加载，每轮等上一轮完成</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, not overlapped with its own math</source>
        <translation>，未与自身的数学运算重叠</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 tile(s) on the busiest SM, looped over by one persistent block; launch, first load, last C store and each tile&apos;s epilogue into shared memory</source>
        <translation>最忙的 SM 上 %1 个分块，由一个持久化 block 依次处理；启动、首次加载、最后一次 C 写回，以及每个分块写入 shared memory 的 epilogue</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 block(s) on the busiest SM in %2 generation(s) of %3; launch, first load and C store</source>
        <translation>最忙的 SM 上 %1 个 block，分 %2 代（每代 %3 个）；启动、首次加载和 C 的写回</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>registers spill: %1 bytes of local-memory loads and stores per thread a K-slice (%2; %3 registers); of %4 of frames per SM, L1 holds %5 %, and of the rest L2 holds %6 %</source>
        <translation>寄存器溢出：每个线程每个 K 切片 %1 字节本地内存读写（%2；%3 个寄存器）；每个 SM 的栈帧共 %4，L1 容纳 %5 %，其余部分 L2 容纳 %6 %</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the main loop&apos;s LDL and STL in the SASS</source>
        <translation>SASS 主循环中的 LDL 与 STL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ptxas&apos;s spill count, each once a slice</source>
        <translation>ptxas 的溢出计数，每个切片各执行一次</translation>
    </message>
</context>
<context>
    <name>model::ProfileCounters</name>
    <message>
        <location filename="../../model/profilecounters.cpp" line="-43"/>
        <source>the launch of %1 has none of the counters asked for</source>
        <translation>%1 的启动中没有所请求的任何计数器</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no launch of %1 in the profile (%2 other launches)</source>
        <translation>profile 中没有 %1 的启动（另有 %2 次其他启动）</translation>
    </message>
</context>
<context>
    <name>model::ResultSet</name>
    <message>
        <location filename="../../model/resultset.cpp" line="+682"/>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>&quot;%1&quot; %2</source>
        <translation>“%1”%2</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>must be &quot;memory&quot; or &quot;compute&quot;, not &quot;%1&quot;</source>
        <translation>必须是“memory”或“compute”，而不是“%1”</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>must be &quot;%1&quot;, not &quot;%2&quot;</source>
        <translation>必须是“%1”，而不是“%2”</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>device: &quot;%1&quot; %2; ignored</source>
        <translation>device：“%1”%2；已忽略</translation>
    </message>
    <message>
        <location line="+473"/>
        <source>is not a RoofLab results file (no &quot;schema&quot;: &quot;%1&quot;)</source>
        <translation>不是 RoofLab 结果文件（没有 &quot;schema&quot;: &quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is not a RoofLab results file (schema &quot;%1&quot;, expected &quot;%2&quot;)</source>
        <translation>不是 RoofLab 结果文件（schema 为“%1”，应为“%2”）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>has an unknown schema &quot;%1&quot; (expected &quot;%2&quot;)</source>
        <translation>schema“%1”未知（应为“%2”）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>was written by a newer RoofLab (results schema version %1; this version reads version %2 and older): update RoofLab to open it</source>
        <translation>由更新版本的 RoofLab 写入（结果 schema 版本 %1；当前版本只能读取 %2 及更早的版本）：请升级 RoofLab 后再打开</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&quot;created&quot; must be a string; ignored</source>
        <translation>“created”必须是字符串；已忽略</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;tool&quot; must be an object; ignored</source>
        <translation>“tool”必须是对象；已忽略</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;device&quot; must be an object; ignored</source>
        <translation>“device”必须是对象；已忽略</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+23"/>
        <source>&quot;%1&quot; must be an array; ignored</source>
        <translation>“%1”必须是数组；已忽略</translation>
    </message>
    <message>
        <location line="-76"/>
        <location line="+60"/>
        <source>is not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ceilings[%1] (%2 %3): %4; entry skipped</source>
        <translation>ceilings[%1]（%2 %3）：%4；已跳过该条目</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>measurements[%1] (kernel &quot;%2&quot;): %3; entry skipped</source>
        <translation>measurements[%1]（kernel“%2”）：%3；已跳过该条目</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>is a folder, not a results file</source>
        <translation>是文件夹，不是结果文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot be opened: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>cannot be written: %1</source>
        <translation>无法写入：%1</translation>
    </message>
</context>
<context>
    <name>model::SpecDb</name>
    <message>
        <location filename="../../model/specdb.cpp" line="+74"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid JSON: the number on line %1 must be finite</source>
        <translation>不是有效的 JSON：第 %1 行的数字必须是有限数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON (%1 on line %2)</source>
        <translation>不是有效的 JSON（第 %2 行：%1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unsupported schema &quot;%1&quot; (expected rooflab.gpu/1)</source>
        <translation>不支持的 schema“%1”（应为 rooflab.gpu/1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>may hold only lowercase letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>只能包含小写字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>must look like &quot;9.0&quot;</source>
        <translation>格式应类似“9.0”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>is missing (required for NVIDIA GPUs)</source>
        <translation>缺失（NVIDIA GPU 必须提供）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is missing: every GPU needs its main-memory bandwidth</source>
        <translation>缺失：每块 GPU 都需要主存带宽</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>needs at least one precision</source>
        <translation>至少需要一种精度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>is %1 KiB; GPU files larger than %2 KiB are refused</source>
        <translation>大小为 %1 KiB；超过 %2 KiB 的 GPU 文件不予读取</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>duplicate id &quot;%1&quot; (already loaded from %2)</source>
        <translation>id“%1”重复（已从 %2 加载）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>duplicate id &quot;%1&quot;</source>
        <translation>id“%1”重复</translation>
    </message>
</context>
<context>
    <name>model::StreamReader</name>
    <message>
        <location filename="../../model/resultset.cpp" line="-471"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>reading was cancelled</source>
        <translation>读取已取消</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>has more than %1 fields at its top level, more than a results file has, %2</source>
        <translation>顶层字段超过 %1 个，结果文件不会有这么多，位于%2</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>nests objects and lists deeper than %1 levels, more than a results file has, %2</source>
        <translation>对象和列表嵌套超过 %1 层，结果文件不会这么深，位于%2</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>is not valid JSON: %1 %2</source>
        <translation>不是有效的 JSON：%2 处 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>at line %1, column %2 (offset %3)</source>
        <translation>第 %1 行第 %2 列（偏移 %3）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>has a value of more than %1 MiB, the most one entry or field of a results file may hold, starting %2</source>
        <translation>有一个值超过 %1 MiB（结果文件中一个条目或字段的上限），起始于%2</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>is not a RoofLab results file (the top level is not a JSON object)</source>
        <translation>不是 RoofLab 结果文件（顶层不是 JSON 对象）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>is %1; results files larger than %2 GiB are refused</source>
        <translation>大小为 %1；超过 %2 GiB 的结果文件会被拒绝</translation>
    </message>
</context>
<context>
    <name>model::TileModel</name>
    <message>
        <location filename="../../model/tilemodel.cpp" line="+118"/>
        <source>HBM traffic: no resident blocks per wave to share panels; no reuse assumed</source>
        <translation>HBM 访存量：每一波没有驻留的 block 共享矩阵条带；按无复用计算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HBM traffic: the spec DB has no L2 size for %1; no reuse assumed</source>
        <translation>HBM 访存量：规格数据库中没有 %1 的 L2 大小；按无复用计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM traffic: %1 blocks are too many for the wave-by-wave model; no reuse assumed</source>
        <translation>HBM 访存量：%1 个 block 太多，无法逐波建模；按无复用计算</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>grouped order, %1 rows of tiles per group</source>
        <translation>分组顺序，每组 %1 行分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row-major block order</source>
        <translation>按行主序的 block 顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in-flight K-slices (%1 stages × BK of each panel)</source>
        <translation>在途的 K 切片（%1 级 × 每个条带的 BK）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole A and B panels</source>
        <translation>完整的 A、B 条带</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HBM traffic: each wave of %1 blocks (%2) reads its A and B panels once; the largest wave&apos;s %3 take %4, within the %5 L2</source>
        <translation>HBM 访存量：每波 %1 个 block（%2）只读一次各自的 A、B 条带；最大一波的 %3 占 %4，在 %5 的 L2 之内</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>HBM traffic: in %1 of %2 waves (%3) the %4 take more than the %5 L2 holds (up to %6); those waves are counted with no reuse</source>
        <translation>HBM 访存量：%2 波中有 %1 波（%3）的 %4 超过了 L2 的 %5（最多 %6）；这些波按无复用计算</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>M, N, K: every size must be at least 1 (got %1, %2, %3)</source>
        <translation>M、N、K：每个尺寸至少为 1（实际为 %1、%2、%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BM, BN, BK: every tile size must be at least 1 (got %1, %2, %3)</source>
        <translation>BM、BN、BK：每个分块尺寸至少为 1（实际为 %1、%2、%3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stages: at least 1 shared-memory buffer is needed (got %1)</source>
        <translation>stages：至少需要 1 个 shared memory 缓冲（实际为 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>threads: at least 1 per block (got %1)</source>
        <translation>threads：每 block 至少 1 个（实际为 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>group: at least 1 row of tiles per group (got %1)</source>
        <translation>group：每组至少 1 行分块（实际为 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>extra shared memory: must not be negative</source>
        <translation>额外的 shared memory：不能为负</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>threads: the %1×%2 tile has %3 outputs, which %4 threads cannot share evenly (%3 is not a multiple of %4)</source>
        <translation>threads：%1×%2 的分块有 %3 个输出，%4 个线程无法均分（%3 不是 %4 的倍数）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>dtype: %1 has no %2 peak in the spec database</source>
        <translation>dtype：规格数据库中没有 %1 的 %2 峰值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>tile: %1×%2×%3 is not a multiple of the %4 tensor-core MMA shape (%5) for %6</source>
        <translation>分块：%1×%2×%3 不是 %6 上 %4 Tensor Core MMA 形状（%5）的倍数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>estimated registers per thread</source>
        <translation>估计的每线程寄存器数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>registers per thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>registers: %1 per thread is an estimate (accumulators + fragments + 32); compile the kernel for the real count</source>
        <translation>寄存器：每线程 %1 个是估计值（累加器 + fragment + 32）；编译 kernel 才能得到真实数量</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>registers: __launch_bounds__(%1, %2) holds ptxas to %3 per thread (it spills the rest), not the %4 estimated</source>
        <translation>寄存器：__launch_bounds__(%1, %2) 把 ptxas 限制在每线程 %3 个（其余溢出），而不是估计的 %4 个</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>registers: %1 %2 is outside 0..255</source>
        <translation>寄存器：%1 %2 超出 0..255</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPU: %1 has no per-SM limits in the spec database, so occupancy and waves are unknown</source>
        <translation>GPU：规格数据库中没有 %1 的每 SM 限制，所以占用率和波数未知</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shared memory: %1 stages × (%2×%3 + %3×%4) × %5 B = %6 B is more than the %7 B a block may use on %8</source>
        <translation>shared memory：%1 级 × (%2×%3 + %3×%4) × %5 B = %6 B，超过了 %8 上一个 block 可用的 %7 B</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>occupancy: %1</source>
        <translation>占用率：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>L2 bandwidth: %1 as given</source>
        <translation>L2 带宽：%1（给定值）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>L2 bandwidth: ASSUMED %1 × HBM = %2; the spec DB has no L2 figure for %3 (measure it and pass it to replace this assumption)</source>
        <translation>L2 带宽：假定为 %1 × HBM = %2；规格数据库中没有 %3 的 L2 数据（实测后传入即可替换这个假定）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPU: %1 has no HBM bandwidth in the spec database</source>
        <translation>GPU：规格数据库中没有 %1 的 HBM 带宽</translation>
    </message>
</context>
<context>
    <name>model::events</name>
    <message>
        <location filename="../../model/events.cpp" line="+138"/>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：偏移 %2 处 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not an event (a JSON object with an &quot;event&quot; string)</source>
        <translation>不是事件（应为含“event”字符串的 JSON 对象）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>measurement event: %1</source>
        <translation>测量事件：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ceiling event: %1</source>
        <translation>上限事件：%1</translation>
    </message>
</context>
<context>
    <name>model::lessons</name>
    <message>
        <location filename="../../model/lesson.cpp" line="+56"/>
        <location line="+109"/>
        <location line="+120"/>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="-223"/>
        <source>needs non-empty &quot;en&quot; and &quot;zh&quot; texts</source>
        <translation>需要非空的“en”和“zh”文本</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+4"/>
        <source>must be a list of names</source>
        <translation>必须是名称列表</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown GPU &quot;%1&quot;</source>
        <translation>未知 GPU“%1”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown data type &quot;%1&quot;</source>
        <translation>未知数据类型“%1”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+39"/>
        <location line="+19"/>
        <source>unknown field (known: %1)</source>
        <translation>未知字段（已知：%1）</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>unknown model &quot;%1&quot; (known: %2)</source>
        <translation>未知模型“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown linear layer &quot;%1&quot; (known: %2)</source>
        <translation>未知线性层“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be a number of at least 1</source>
        <translation>必须是至少为 1 的数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be at least B: each sequence brings a token to the step</source>
        <translation>必须至少为 B：每条序列都给这一步带来一个 token</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>must be &quot;point&quot;, &quot;number&quot; or &quot;choice&quot;</source>
        <translation>必须是 &quot;point&quot;、&quot;number&quot; 或 &quot;choice&quot;</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>at most three comparison GPUs</source>
        <translation>最多三块对比 GPU</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unknown precision &quot;%1&quot;</source>
        <translation>未知精度“%1”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown memory level &quot;%1&quot;</source>
        <translation>未知内存层级“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be &quot;log&quot; or &quot;linear&quot;</source>
        <translation>必须是“log”或“linear”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be a list</source>
        <translation>必须是列表</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>must not be negative</source>
        <translation>不能为负</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+3"/>
        <source>must be a list of role names</source>
        <translation>必须是角色名的列表</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown panel &quot;%1&quot; (known: %2)</source>
        <translation>未知面板“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be a list of at most %1 exercises</source>
        <translation>必须是最多 %1 个练习的列表</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown need &quot;%1&quot; (known: %2, point:&lt;label&gt;)</source>
        <translation>未知的需求“%1”（已知：%2、point:&lt;标签&gt;）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>not valid JSON (%1 at offset %2)</source>
        <translation>不是有效的 JSON（偏移 %2 处：%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be &quot;rooflab.lesson/1&quot;</source>
        <translation>必须是“rooflab.lesson/1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a lesson needs at least one step</source>
        <translation>一节课程至少需要一步</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>is %1 KiB; lesson files larger than %2 KiB are refused</source>
        <translation>大小为 %1 KiB；超过 %2 KiB 的课程文件不予读取</translation>
    </message>
    <message>
        <location line="-217"/>
        <location line="+39"/>
        <location line="+142"/>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
</context>
<context>
    <name>model::llm</name>
    <message>
        <location filename="../../model/llm.cpp" line="+176"/>
        <source>batch, query tokens and KV length must each be at least 1</source>
        <translation>batch、查询 token 数和 KV 长度都必须至少为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a step cannot have more query tokens (%1) than its KV length (%2): the KV length counts the tokens of this step too</source>
        <translation>一步的查询 token 数（%1）不能超过其 KV 长度（%2）：KV 长度也包括这一步的 token</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the quantization group must be at least 1 weight</source>
        <translation>量化分组至少要有 1 个权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no memory bandwidth in the database</source>
        <translation>数据库中没有 %1 的内存带宽</translation>
    </message>
</context>
<context>
    <name>model::ncucsv::RecordSplitter</name>
    <message>
        <location filename="../../model/ncucsv.cpp" line="+25"/>
        <source>the record on line %1 passes %2 MiB, the most one CSV row may hold: the quote opened on line %3 is never closed</source>
        <translation>第 %1 行的记录超过 %2 MiB（一行 CSV 的上限）：第 %3 行开始的引号没有闭合</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the record on line %1 passes %2 MiB, the most one CSV row may hold (not a CSV export?)</source>
        <translation>第 %1 行的记录超过 %2 MiB（一行 CSV 的上限；不是 CSV 导出文件？）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the record on line %1 has more than %2 columns, the most one CSV row may hold</source>
        <translation>第 %1 行的记录超过 %2 列（一行 CSV 的上限）</translation>
    </message>
</context>
<context>
    <name>model::perfdetail</name>
    <message>
        <location filename="../../model/perfmodel_detail.h" line="+195"/>
        <source>instruction mix: the counted loop of %1 is not its main loop (no %2 in it); estimated from the source</source>
        <translation>指令构成：%1 中统计的循环不是其主循环（其中没有 %2）；根据源代码估计</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+20"/>
        <source>the kernel</source>
        <translation>该 kernel</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>instructions besides the math: %1 per %2 counted from the %3 of %4 (static count %5; edge paths and unrolled load loops do not all run)</source>
        <translation>数学运算之外的指令：每条 %2 对应 %1 条，从 %4 的 %3 统计（静态计数 %5；边界路径和展开的加载循环并不都会执行）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SASS</source>
        <translation>SASS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PTX (an estimate: ptxas reshapes address arithmetic)</source>
        <translation>PTX（估计值：ptxas 会改写地址运算）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the FP32 units: every FMA lane is busy</source>
        <translation>FP32 单元：每条 FMA lane 都在忙</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tensor cores: the matrix units are busy</source>
        <translation>Tensor Core：矩阵单元都在忙</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>instruction issue: the schedulers issue one instruction per clock, and the loads, address arithmetic and barriers take slots the FMAs need</source>
        <translation>指令发射：调度器每个时钟发射一条指令，而加载、地址运算和 barrier 会占用 FMA 需要的发射槽</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>shared-memory bandwidth: 128 bytes per clock per SM, and bank conflicts make each access take several wavefronts</source>
        <translation>shared memory 带宽：每个 SM 每时钟 128 字节，bank conflict 会让每次访问需要多个 wavefront</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>uncoalesced loads: each warp&apos;s load touches many cache lines, one L1 wavefront each</source>
        <translation>非合并访存：每个 warp 的加载涉及许多缓存行，每条缓存行一个 L1 wavefront</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L2 bandwidth: every block re-reads its tiles of A and B from L2</source>
        <translation>L2 带宽：每个 block 都要从 L2 重新读取它的 A 和 B 分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM bandwidth: the bytes have to come from memory</source>
        <translation>HBM 带宽：这些字节必须从显存读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>latency: too few warps with too little independent work to hide how long memory takes to answer (Little&apos;s law)</source>
        <translation>延迟：warp 太少、独立工作太少，无法隐藏内存响应所需的时间（Little 定律）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the launch and the tail: too little work to fill the GPU</source>
        <translation>启动与尾部：工作量太少，填不满 GPU</translation>
    </message>
</context>
<context>
    <name>model::workloads</name>
    <message>
        <location filename="../../model/workloads.cpp" line="+251"/>
        <source>unknown workload &quot;%1&quot; (known: %2)</source>
        <translation>未知工作负载“%1”（已知：%2）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>workload &quot;%1&quot; has no parameter &quot;%2&quot; (it takes: %3)</source>
        <translation>工作负载“%1”没有参数“%2”（它接受：%3）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>parameter &quot;%1&quot; of %2 must be %3 (got %4)</source>
        <translation>%2 的参数“%1”必须是%3（实际为 %4）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zero or more</source>
        <translation>零或更大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>elementwise needs at least one load or store per element</source>
        <translation>elementwise 每个元素至少需要一次读或写</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--wbits must be 4 or 8 (got %1): weight-only quantization stores the weights in 4 or 8 bits</source>
        <translation>--wbits 必须是 4 或 8（实际为 %1）：仅权重量化把权重存成 4 位或 8 位</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--group must be at least 1 (got %1): one fp16 scale per group of weights</source>
        <translation>--group 必须至少为 1（实际为 %1）：每组权重一个 fp16 缩放因子</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a weight-only quantized GEMM is counted with beta 0 (C written, not read)</source>
        <translation>仅权重量化的 GEMM 按 beta 0 计（只写 C，不读 C）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--Hkv must divide H (%1 query heads share each of the KV heads); got Hkv = %2</source>
        <translation>--Hkv 必须整除 H（%1 个查询头由各个 KV 头平均分担）；实际 Hkv = %2</translation>
    </message>
</context>
<context>
    <name>resultschart</name>
    <message>
        <location filename="../../app/gui/chart/resultschart.cpp" line="-137"/>
        <source>%1 bandwidth</source>
        <translation>%1 带宽</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+1"/>
        <source>%1 roof</source>
        <translation>%1 屋顶</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>memory-bound</source>
        <translation>受内存限制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>compute-bound</source>
        <translation>受计算限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 % of the %2; %3</source>
        <translation>%2 的 %1 %；%3</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>time: median %1 (min %2, max %3, %4 samples)</source>
        <translation>时间：中位数 %1（最小 %2，最大 %3，%4 个样本）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>AI %1 FLOP/B</source>
        <translation>AI %1 FLOP/B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>check: none (imported)</source>
        <translation>校验：无（导入的数据）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>check: ok (max relative error %1 against %2)</source>
        <translation>校验：通过（相对 %2 的最大相对误差 %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>check FAILED: %1</source>
        <translation>校验失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max relative error %1</source>
        <translation>最大相对误差 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，在 %2 上</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>predicted %1 when measured (%2 % of it achieved)</source>
        <translation>测量时的预测值为 %1（实际达到其 %2 %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SM clock %1 MHz</source>
        <translation>SM 时钟 %1 MHz</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+22"/>
        <source>L1</source>
        <translation>L1</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>occupancy %1 %</source>
        <translation>占用率 %1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>issue slots %1 % busy</source>
        <translation>发射槽 %1 % 忙碌</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SM %1 MHz</source>
        <translation>SM %1 MHz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nsight Compute: %1</source>
        <translation>Nsight Compute：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>from Nsight Compute:</source>
        <translation>来自 Nsight Compute：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measured at %2 by Nsight Compute: %3, %4 FLOP/B, %5&lt;br&gt;&lt;i&gt;%6&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Nsight Compute 在 %2 处测得：%3，%4 FLOP/B，%5&lt;br&gt;&lt;i&gt;%6&lt;/i&gt;</translation>
    </message>
</context>
</TS>
