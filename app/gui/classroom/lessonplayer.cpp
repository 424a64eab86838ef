#include "classroom/lessonplayer.h"

#include "catalog.h"

#include "chart/rooflinechart.h"
#include "panels/panelhost.h"
#include "panels/resultssession.h"
#include "paths.h"
#include "resultset.h"
#include "units.h"
#include "workspace/workspace.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTabBar>
#include <QTableView>
#include <QTextEdit>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

const QString kResultsGroup = QStringLiteral("lesson-results");

// Widgets where Left/Right move a cursor or a value: the arrows stay theirs.
bool usesArrows(const QWidget *w)
{
    for (; w; w = w->parentWidget()) {
        if (qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
            qobject_cast<const QTextEdit *>(w) || qobject_cast<const QPlainTextEdit *>(w) ||
            qobject_cast<const QAbstractSlider *>(w) || qobject_cast<const QComboBox *>(w) ||
            qobject_cast<const QTreeView *>(w) || qobject_cast<const QTableView *>(w) ||
            qobject_cast<const QTabBar *>(w))
            return true;
        if (w->isWindow())
            break;
    }
    return false;
}

// Text fields keep Space for typing.
bool isTextField(const QWidget *w)
{
    return qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QTextEdit *>(w) || qobject_cast<const QPlainTextEdit *>(w) ||
           (qobject_cast<const QComboBox *>(w) && static_cast<const QComboBox *>(w)->isEditable());
}

} // namespace

LessonPlayer::LessonPlayer(Workspace *workspace, PanelHost *host, QWidget *parent)
    : QWidget(parent), m_workspace(workspace), m_host(host)
{
    setObjectName(QStringLiteral("lessonPlayer"));
    buildUi();
    loadDirectory();
}

void LessonPlayer::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    m_lessonBox = new QComboBox(this);
    m_lessonBox->setObjectName(QStringLiteral("lessonBox"));
    m_lessonBox->setToolTip(tr("Lessons in %1").arg(model::resourcePath(QStringLiteral("lessons"))));
    layout->addWidget(m_lessonBox);

    m_refusedLabel = new QLabel(this);
    m_refusedLabel->setObjectName(QStringLiteral("refusedLessons"));
    m_refusedLabel->setWordWrap(true);
    m_refusedLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusedLabel->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_refusedLabel->hide();
    layout->addWidget(m_refusedLabel);

    m_steps = new QListWidget(this);
    m_steps->setObjectName(QStringLiteral("lessonSteps"));
    m_steps->setWordWrap(true);
    m_steps->setMaximumHeight(170);
    layout->addWidget(m_steps);

    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("stepCounter"));
    layout->addWidget(m_counter);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    m_title->setWordWrap(true);
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    layout->addWidget(m_title);

    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("stepCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    QFont captionFont = font();
    captionFont.setPointSizeF(captionFont.pointSizeF() * 1.1);
    m_caption->setFont(captionFont);
    layout->addWidget(m_caption);

    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("stepNotice"));
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(QStringLiteral("color: #b9770e;"));
    m_notice->hide();
    layout->addWidget(m_notice);
    layout->addStretch(1);

    auto *nav = new QHBoxLayout;
    m_prev = new QPushButton(tr("◀ Previous"), this);
    m_prev->setToolTip(tr("Previous step (PageUp, Left)"));
    m_next = new QPushButton(tr("Next ▶"), this);
    m_next->setToolTip(tr("Next step (PageDown, Right, Space)"));
    nav->addWidget(m_prev);
    nav->addWidget(m_next);
    layout->addLayout(nav);
    auto *more = new QHBoxLayout;
    m_restore = new QPushButton(tr("Restore step"), this);
    m_restore->setToolTip(tr("Put the app back in the state this step shows (after you changed something)"));
    m_present = new QPushButton(tr("Present"), this);
    m_present->setToolTip(tr("Full screen, chart first, captions large (F5)"));
    more->addWidget(m_restore);
    more->addWidget(m_present);
    layout->addLayout(more);

    connect(m_lessonBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_filling)
            return;
        const QString id = m_lessonBox->itemData(index).toString();
        if (id.isEmpty())
            closeLesson();
        else
            openLesson(id, 0);
    });
    connect(m_steps, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_filling && row >= 0 && row != m_step)
            goToStep(row);
    });
    connect(m_prev, &QPushButton::clicked, this, &LessonPlayer::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPlayer::next);
    connect(m_restore, &QPushButton::clicked, this, &LessonPlayer::reapplyStep);
    connect(m_present, &QPushButton::clicked, this, &LessonPlayer::presentationRequested);
    refreshTexts();
}

QString LessonPlayer::language() const
{
    return m_host->uiLanguage();
}

void LessonPlayer::loadDirectory(const QString &dir)
{
    const QString folder = dir.isEmpty() ? model::resourcePath(QStringLiteral("lessons")) : dir;
    closeLesson();
    m_refused.clear();
    m_lessons = model::lessons::loadDirectory(folder, &m_workspace->specDb(), &m_refused);
    if (m_lessons.isEmpty() && m_refused.isEmpty())
        m_refused << tr("No lessons found in %1.").arg(QDir::toNativeSeparators(folder));
    fillLessonBox();
    m_refusedLabel->setVisible(!m_refused.isEmpty());
    m_refusedLabel->setText(tr("%n lesson file(s) refused:", nullptr, int(m_refused.size())) +
                            QLatin1Char('\n') + m_refused.join(QLatin1Char('\n')));
}

void LessonPlayer::fillLessonBox()
{
    m_filling = true;
    m_lessonBox->clear();
    m_lessonBox->addItem(tr("Choose a lesson…"));
    for (const model::Lesson &l : m_lessons)
        m_lessonBox->addItem(l.title.forLanguage(language()), l.id);
    m_lessonBox->setCurrentIndex(m_current >= 0 ? m_current + 1 : 0);
    m_filling = false;
}

const model::Lesson *LessonPlayer::lesson() const
{
    return m_current >= 0 && m_current < m_lessons.size() ? &m_lessons.at(m_current) : nullptr;
}

int LessonPlayer::stepCount() const
{
    const model::Lesson *l = lesson();
    return l ? int(l->steps.size()) : 0;
}

bool LessonPlayer::openLesson(const QString &id, int step)
{
    int found = -1;
    for (int i = 0; i < m_lessons.size(); ++i)
        if (m_lessons.at(i).id == id)
            found = i;
    if (found < 0)
        return false;
    if (!m_desk)
        m_desk = m_workspace->choices();
    m_current = found;
    m_step = -1;
    m_filling = true;
    m_lessonBox->setCurrentIndex(found + 1);
    m_steps->clear();
    const model::Lesson &l = m_lessons.at(found);
    for (int i = 0; i < l.steps.size(); ++i) {
        const model::LessonStep &s = l.steps.at(i);
        const QString title =
            s.title.en.isEmpty() ? tr("Step %1").arg(i + 1) : s.title.forLanguage(language());
        m_steps->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(title));
    }
    m_filling = false;
    emit lessonOpened(id);
    goToStep(step);
    updateShortcuts();
    return true;
}

void LessonPlayer::closeLesson()
{
    const bool wasOpen = isOpen();
    m_current = -1;
    m_step = -1;
    m_notices.clear();
    m_captionCover.clear();
    m_filling = true;
    m_steps->clear();
    m_lessonBox->setCurrentIndex(0);
    m_filling = false;
    if (wasOpen && m_host->chart()) {
        m_host->chart()->clearGroup(kResultsGroup);
        m_host->chart()->setEmphasizedRidge(QString());
        m_host->chart()->setHighlighted(QString());
        m_host->chart()->setLegendKeepClear({});
        m_host->chart()->setVisibleGroups({});
    }
    if (m_desk) {
        m_workspace->setChoices(*m_desk);
        m_desk.reset();
        m_host->chart()->resetView();
    }
    refreshTexts();
    updateShortcuts();
    if (wasOpen)
        emit lessonClosed();
}

void LessonPlayer::goToStep(int index)
{
    if (!isOpen())
        return;
    m_step = std::clamp(index, 0, stepCount() - 1);
    apply();
}

void LessonPlayer::next()
{
    if (isOpen() && m_step + 1 < stepCount())
        goToStep(m_step + 1);
}

void LessonPlayer::previous()
{
    if (isOpen() && m_step > 0)
        goToStep(m_step - 1);
}

void LessonPlayer::reapplyStep()
{
    if (isOpen())
        goToStep(m_step);
}

QString LessonPlayer::resultsGroup()
{
    return kResultsGroup;
}

model::LessonStep LessonPlayer::effectiveStep(const model::Lesson &lesson, int index)
{
    return model::lessons::effectiveStep(lesson, index);
}

void LessonPlayer::apply()
{
    const model::Lesson *l = lesson();
    if (!l || m_step < 0)
        return;
    const model::LessonStep step = effectiveStep(*l, m_step);
    m_notices.clear();
    m_captionCover.clear(); // the step's exercises cover it again (stepApplied)
    RooflineChart *chart = m_host->chart();

    // GPU, ceilings, axes, workloads, occupancy and tile: the workspace's; the panels follow it.
    m_workspace->applyLessonStep(step);
    applyResults(step);
    const bool tileStep = !l->steps.at(m_step).tile.isEmpty() || step.panel == QLatin1String("tile");
    if (!step.tile.isEmpty() && tileStep && !m_host->panel(QStringLiteral("tile")))
        // A later roofline step need not repeat that the explorer is missing.
        m_notices << tr("This step sets a GEMM tile (%1), but the tile explorer is not part of this build.")
                         .arg(
                             QStringLiteral("%1×%2×%3")
                                 .arg(step.tile.value(QStringLiteral("bm"), QStringLiteral("—")).toString(),
                                      step.tile.value(QStringLiteral("bn"), QStringLiteral("—")).toString(),
                                      step.tile.value(QStringLiteral("bk"), QStringLiteral("—")).toString()));

    // The chart shows what the step is about: its workloads, its measured results and the
    // points of the panel it shows; other panels' points (a results file the user opened, the
    // tile explorer's point) wait hidden until the lesson is closed.
    const QString stage = step.panel.isEmpty() ? QStringLiteral("roofline") : step.panel;
    QStringList groups{QStringLiteral("workloads"), kResultsGroup};
    if (stage != QLatin1String("roofline"))
        groups << stage;
    chart->setVisibleGroups(groups);
    // The lesson's view, not wherever the teacher dragged the chart.
    chart->resetView();
    applyHighlight(step.highlight);
    chart->setLegendKeepClear(step.pointsAbout());
    const int noticesBefore = int(m_notices.size());
    showStage(stage);
    // "tile explorer missing" already said why the tile panel is not there.
    if (step.panel == QLatin1String("tile") && !step.tile.isEmpty() && m_notices.size() > noticesBefore &&
        !m_host->panel(QStringLiteral("tile")))
        m_notices.removeLast();
    refreshTexts();
    emit stepApplied(m_step);
}

void LessonPlayer::applyResults(const model::LessonStep &step)
{
    RooflineChart *chart = m_host->chart();
    if (step.results.isEmpty()) {
        chart->clearGroup(kResultsGroup);
        return;
    }
    const QString path = model::resourcePath(step.results);
    if (!QFileInfo::exists(path)) {
        chart->clearGroup(kResultsGroup);
        m_notices
            << tr("The measured results for this step (%1) are not installed yet: they are measured on a GPU "
                  "and shipped with RoofLab. The chart shows the predictions only.")
                   .arg(step.results);
        return;
    }
    // Read as the Results panel reads files (RoofLab results or an Nsight Compute CSV), but
    // only shown: a lesson's samples are not the user's results and do not join the session.
    QString error;
    const auto doc = ResultsSession::read(path, &error);
    if (!doc) {
        chart->clearGroup(kResultsGroup);
        m_notices << tr("The measured results %1 could not be read: %2").arg(step.results, error);
        return;
    }
    const model::ResultSet *set = &doc->results;
    int gpuIndex = -1;
    const QList<model::Gpu> gpus = chart->gpus();
    for (int i = 0; i < gpus.size(); ++i)
        if (!set->device.spec.isEmpty() && gpus.at(i).id == set->device.spec)
            gpuIndex = i;
    QList<ChartPoint> points;
    // The chart names points in the order it gets them: RoofLab's own kernels, the ones the
    // lesson is about, take the places near a crowded cluster before the library references
    // (mma.sync and the FP8 wgmma step went unnamed beside four cuBLAS labels).
    QList<ChartPoint> references;
    int n = 0;
    for (const model::Measurement &m : set->measurements) {
        if (!step.resultsFilter.isEmpty() && !m.kernel.startsWith(step.resultsFilter))
            continue;
        if (!step.resultsRoles.isEmpty() && !step.resultsRoles.contains(m.extra.value("role").toString()))
            continue;
        if (m.ai() <= 0 || m.flopPerS() <= 0)
            continue;
        ChartPoint p;
        p.id = QStringLiteral("%1:%2").arg(kResultsGroup).arg(n++);
        QString name = m.kernel;
        if (!step.resultsFilter.isEmpty() && name.startsWith(step.resultsFilter) &&
            name.size() > step.resultsFilter.size())
            name = name.mid(step.resultsFilter.size());
        p.label = m.dtype.isEmpty() ? name : QStringLiteral("%1 %2").arg(name, m.dtype);
        p.subject = m.kernel;
        p.ai = m.ai();
        p.flopPerS = m.flopPerS();
        p.kind = ChartPoint::Kind::Measured;
        p.gpuIndex = gpuIndex;
        p.tooltip = tr("<b>%1</b> (%2), measured on %3<br>Arithmetic intensity: %4 FLOP/B<br>Achieved: %5<br>"
                       "Median time: %6")
                        .arg(m.kernel.toHtmlEscaped(), m.dtype.toHtmlEscaped(),
                             set->device.name.toHtmlEscaped(), QLocale().toString(m.ai(), 'g', 4),
                             model::formatSi(m.flopPerS(), QStringLiteral("FLOP/s"), 4),
                             model::formatSeconds(m.time.median));
        const kernels::KernelSpec *k = kernels::Catalog::instance().find(m.kernel);
        const bool reference = k && k->source.isEmpty(); // a library's (cuBLAS): no source of RoofLab's
        (reference ? references : points) << p;
    }
    points += references;
    chart->setPoints(points, kResultsGroup);
    if (points.isEmpty())
        m_notices << tr("%1 has no measurements of %2 kernels.").arg(step.results, step.resultsFilter);
}

void LessonPlayer::applyHighlight(const QString &highlight)
{
    RooflineChart *chart = m_host->chart();
    if (highlight.startsWith(QLatin1String("ridge:"))) {
        m_workspace->setSelectedWorkload(QString());
        chart->setHighlighted(QString());
        chart->setEmphasizedRidge(highlight.mid(6));
        return;
    }
    chart->setEmphasizedRidge(QString());
    if (highlight.isEmpty()) {
        m_workspace->setSelectedWorkload(QString());
        chart->setHighlighted(QString());
        return;
    }
    // A workload's label selects it in the panel (which marks it on the chart); otherwise a
    // measured point of the lesson's results.
    for (const WorkloadEntry &e : m_workspace->workloads()->entries())
        if (e.label == highlight) {
            m_workspace->setSelectedWorkload(e.id);
            chart->setHighlighted(e.id);
            return;
        }
    for (const QString &id : chart->pointIds())
        if (const auto p = chart->point(id); p && p->label == highlight) {
            chart->setHighlighted(id);
            return;
        }
    m_notices << tr("Nothing called \"%1\" is on the chart to highlight.").arg(highlight);
}

void LessonPlayer::showStage(const QString &panel)
{
    m_stage = panel;
    QWidget *w = m_host->panel(panel);
    if (!w) {
        m_notices << tr("This step shows the %1 panel, which is not part of this build.").arg(panel);
        return;
    }
    m_host->showPanel(w);
    // A panel kept in its own dock: bring that dock up.
    for (QWidget *p = w; p && p != m_host->hostWindow(); p = p->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(p)) {
            dock->show();
            dock->raise();
            break;
        }
}

QString LessonPlayer::lessonTitle() const
{
    const model::Lesson *l = lesson();
    return l ? l->title.forLanguage(language()) : QString();
}

QString LessonPlayer::stepTitle() const
{
    const model::Lesson *l = lesson();
    if (!l || m_step < 0)
        return {};
    const model::LessonStep &s = l->steps.at(m_step);
    return s.title.en.isEmpty() ? tr("Step %1").arg(m_step + 1) : s.title.forLanguage(language());
}

QString LessonPlayer::stepCaption() const
{
    const model::Lesson *l = lesson();
    return l && m_step >= 0 ? l->steps.at(m_step).caption.forLanguage(language()) : QString();
}

QStringList LessonPlayer::stepNeeds() const
{
    const model::Lesson *l = lesson();
    if (!l || m_step < 0)
        return {QStringLiteral("chart")};
    const QStringList &needs = l->steps.at(m_step).needs;
    if (!needs.isEmpty())
        return needs;
    if (m_stage == QLatin1String("roofline"))
        return {QStringLiteral("chart")};
    if (m_stage == QLatin1String("occupancy"))
        return {QStringLiteral("panel")};
    return {QStringLiteral("chart"), QStringLiteral("panel")};
}

void LessonPlayer::setCaptionCover(const QString &text)
{
    if (text == m_captionCover)
        return;
    m_captionCover = text;
    refreshTexts();
    emit captionCoverChanged();
}

QString LessonPlayer::shownCaption() const
{
    return m_captionCover.isEmpty() ? stepCaption() : m_captionCover;
}

QString LessonPlayer::stepCounter() const
{
    return isOpen() && m_step >= 0 ? tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()) : QString();
}

void LessonPlayer::refreshTexts()
{
    const bool open = isOpen() && m_step >= 0;
    m_counter->setText(open ? stepCounter() : tr("No lesson open."));
    m_title->setText(stepTitle());
    m_title->setVisible(open);
    m_caption->setText(open
                           ? shownCaption()
                           : tr("Lessons walk through the course notes step by step: each step sets the GPU, "
                                "the ceilings, the workloads or the panel, and says what to look at."));
    m_notice->setText(m_notices.join(QLatin1Char('\n')));
    m_notice->setVisible(!m_notices.isEmpty());
    m_prev->setEnabled(open && m_step > 0);
    m_next->setEnabled(open && m_step + 1 < stepCount());
    m_restore->setEnabled(open);
    m_present->setEnabled(true);
    if (open && m_steps->currentRow() != m_step) {
        m_filling = true;
        m_steps->setCurrentRow(m_step);
        m_filling = false;
    }
}

void LessonPlayer::installShortcuts(QWidget *window)
{
    qDeleteAll(m_shortcuts);
    m_shortcuts.clear();
    m_arrowShortcuts.clear();
    auto add = [&](QKeySequence key, void (LessonPlayer::*slot)(), bool arrow) {
        auto *s = new QShortcut(key, window);
        // What the key does, for Help → Keyboard shortcuts.
        s->setWhatsThis(slot == &LessonPlayer::next ? tr("Lesson: next step") : tr("Lesson: previous step"));
        s->setContext(Qt::WindowShortcut);
        s->setAutoRepeat(false); // a clicker held down should not race through the lesson
        connect(s, &QShortcut::activated, this, slot);
        m_shortcuts << s;
        if (arrow)
            m_arrowShortcuts << s;
    };
    add(QKeySequence(Qt::Key_PageDown), &LessonPlayer::next, false);
    add(QKeySequence(Qt::Key_PageUp), &LessonPlayer::previous, false);
    add(QKeySequence(Qt::Key_Space), &LessonPlayer::next, true);
    add(QKeySequence(Qt::Key_Right), &LessonPlayer::next, true);
    add(QKeySequence(Qt::Key_Left), &LessonPlayer::previous, true);
    connect(qApp, &QApplication::focusChanged, this, &LessonPlayer::updateShortcuts);
    updateShortcuts();
}

void LessonPlayer::updateShortcuts()
{
    const QWidget *focus = QApplication::focusWidget();
    for (QShortcut *s : std::as_const(m_shortcuts)) {
        bool on = isOpen();
        if (m_arrowShortcuts.contains(s)) {
            // Space and arrows belong to the focused field when it uses them.
            const bool space = s->key() == QKeySequence(Qt::Key_Space);
            on = on && !(space ? isTextField(focus) : usesArrows(focus));
        }
        s->setEnabled(on);
    }
}
