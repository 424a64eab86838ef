#include "classroom/lessonexport.h"

#include "chart/rooflinechart.h"
#include "classroom/lessonplayer.h"
#include "panels/panelhost.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QList>
#include <QMainWindow>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPointer>

#include <algorithm>

namespace {

// Applies each step in turn and puts the one that was open back afterwards, also on early
// return. A panel a step shows is given room first (half the window, as on the stage), so it
// is drawn as it reads, not squeezed into a narrow dock; its dock gets its width back after.
class StepWalk
{
public:
    StepWalk(PanelHost *host, LessonPlayer *player)
        : m_host(host), m_window(host->hostWindow()), m_player(player), m_step(player->currentStep())
    {
    }
    ~StepWalk()
    {
        for (const auto &[dock, width] : std::as_const(m_widths))
            if (dock)
                m_window->resizeDocks({dock}, {width}, Qt::Horizontal);
        if (m_step >= 0)
            m_player->goToStep(m_step);
    }
    void go(int step)
    {
        m_player->goToStep(step);
        const QString stage = m_player->stagePanel();
        QWidget *panel = stage == QLatin1String("roofline") ? nullptr : m_host->panel(stage);
        QDockWidget *dock = nullptr;
        for (QWidget *p = panel; p && p != m_window; p = p->parentWidget())
            if ((dock = qobject_cast<QDockWidget *>(p)))
                break;
        if (dock && dock->isVisible() && dock->width() < m_window->width() / 2) {
            if (std::none_of(m_widths.cbegin(), m_widths.cend(),
                             [dock](const auto &w) { return w.first == dock; }))
                m_widths.append({dock, dock->width()});
            m_window->resizeDocks({dock}, {m_window->width() / 2}, Qt::Horizontal);
        }
        QCoreApplication::processEvents(); // lay out what the step brought up before it is drawn
    }

private:
    PanelHost *m_host;
    QMainWindow *m_window;
    LessonPlayer *m_player;
    int m_step;
    QList<std::pair<QPointer<QDockWidget>, int>> m_widths; // docks widened, and their width before
};

// Light chart colours and the desk scale for paper, then back to what was on screen.
class PrintLook
{
public:
    explicit PrintLook(RooflineChart *chart)
        : m_chart(chart), m_theme(chart->theme()), m_scale(chart->presentationScale())
    {
        m_chart->setTheme(ChartTheme::light());
        m_chart->setPresentationScale(1.0);
    }
    ~PrintLook()
    {
        m_chart->setTheme(m_theme);
        m_chart->setPresentationScale(m_scale);
    }

private:
    RooflineChart *m_chart;
    ChartTheme m_theme;
    double m_scale;
};

} // namespace

LessonExporter::LessonExporter(PanelHost *host, LessonPlayer *player) : m_host(host), m_player(player) {}

void LessonExporter::paintStage(QPainter *painter, const QRectF &area, double chartScale) const
{
    const QString stage = m_player->isOpen() ? m_player->stagePanel() : QStringLiteral("roofline");
    QWidget *panel = stage == QLatin1String("roofline") ? nullptr : m_host->panel(stage);
    // A panel is drawn as it is laid out (the whole widget, also what its scroll area hides).
    const QImage panelImage = panel ? panel->grab().toImage() : QImage();
    const bool panelOnly = !panelImage.isNull() && stage == QLatin1String("occupancy");
    QRectF chartRect = area;
    QRectF panelRect;
    if (!panelImage.isNull() && !panelOnly) {
        chartRect.setWidth(area.width() * 0.56);
        panelRect =
            QRectF(chartRect.right() + area.width() * 0.02, area.top(), area.width() * 0.42, area.height());
    } else if (panelOnly) {
        panelRect = area;
    }
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    if (!panelOnly) {
        const QImage chart =
            m_host->chart()->toImage(std::max(200, int(chartRect.width() / chartScale)),
                                     std::max(150, int(chartRect.height() / chartScale)), chartScale);
        painter->drawImage(chartRect, chart);
    }
    if (!panelRect.isEmpty()) {
        const QSizeF drawn = QSizeF(panelImage.size()).scaled(panelRect.size(), Qt::KeepAspectRatio);
        painter->drawImage(QRectF(panelRect.left() + (panelRect.width() - drawn.width()) / 2, panelRect.top(),
                                  drawn.width(), drawn.height()),
                           panelImage);
    }
}

void LessonExporter::paintSlide(QPainter *painter, const QRectF &page, double unit, double chartScale) const
{
    const ChartTheme theme = m_host->chart()->theme();
    painter->fillRect(page, theme.background);
    const double margin = unit * 24;
    QRectF area = page.adjusted(margin, margin, -margin, -margin);

    const QFont font;
    if (m_player->isOpen() && m_player->currentStep() >= 0) {
        QFont small = font;
        small.setPixelSize(std::max(1, int(unit * 17)));
        painter->setFont(small);
        painter->setPen(theme.isDark() ? QColor(170, 170, 170) : QColor(100, 100, 100));
        const QString header =
            QStringLiteral("%1 · %2").arg(m_player->lessonTitle(), m_player->stepCounter());
        QRectF used;
        painter->drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, header, &used);
        area.setTop(used.bottom() + unit * 4);

        QFont title = font;
        title.setPixelSize(std::max(1, int(unit * 34)));
        title.setBold(true);
        painter->setFont(title);
        painter->setPen(theme.text);
        painter->drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_player->stepTitle(),
                          &used);
        area.setTop(used.bottom() + unit * 10);

        QFont caption = font;
        caption.setPixelSize(std::max(1, int(unit * 23)));
        painter->setFont(caption);
        const QRectF need = painter->boundingRect(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                                                  m_player->stepCaption());
        const QRectF captionRect(area.left(), area.bottom() - need.height(), area.width(), need.height());
        painter->drawText(captionRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                          m_player->stepCaption());
        area.setBottom(captionRect.top() - unit * 14);

        const QStringList notices = m_player->notices();
        if (!notices.isEmpty()) {
            painter->setFont(small);
            painter->setPen(theme.isDark() ? QColor(245, 176, 65) : QColor(154, 91, 0));
            const QString text = notices.join(QLatin1Char('\n'));
            const QRectF n = painter->boundingRect(area, Qt::AlignLeft | Qt::TextWordWrap, text);
            const QRectF noticeRect(area.left(), area.bottom() - n.height(), area.width(), n.height());
            painter->drawText(noticeRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
            area.setBottom(noticeRect.top() - unit * 8);
        }
    }
    if (area.height() < unit * 100)
        area.setHeight(unit * 100);

    paintStage(painter, area, chartScale);
}

QImage LessonExporter::slide(QSize size) const
{
    QImage image(size, QImage::Format_RGB32);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // The chart drawn 1.4 times its pixel size: its labels read at the caption's scale.
    paintSlide(&painter, QRectF(QPointF(0, 0), QSizeF(size)), size.width() / 1600.0,
               1.4 * size.width() / 1600.0);
    return image;
}

bool LessonExporter::saveSlide(const QString &file, QSize size, QString *error) const
{
    if (slide(size).save(file, "PNG"))
        return true;
    if (error)
        *error = QCoreApplication::translate("LessonExporter", "Could not write %1.")
                     .arg(QDir::toNativeSeparators(file));
    return false;
}

QStringList LessonExporter::saveAllSlides(const QString &dir, QSize size, QString *error)
{
    const model::Lesson *lesson = m_player->lesson();
    if (!lesson) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "No lesson is open.");
        return {};
    }
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "Could not create the folder %1.")
                         .arg(QDir::toNativeSeparators(dir));
        return {};
    }
    QStringList files;
    StepWalk walk(m_host, m_player);
    for (int i = 0; i < lesson->steps.size(); ++i) {
        walk.go(i);
        const QString file = QDir(dir).filePath(
            QStringLiteral("%1-step-%2.png").arg(lesson->id).arg(i + 1, 2, 10, QLatin1Char('0')));
        if (!saveSlide(file, size, error))
            return {};
        files << file;
    }
    return files;
}

bool LessonExporter::saveHandout(const QString &file, QString *error)
{
    const model::Lesson *lesson = m_player->lesson();
    if (!lesson) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "No lesson is open.");
        return false;
    }
    QPdfWriter writer(file);
    writer.setResolution(200); // the chart is a picture: 200 dpi prints sharp and keeps the file small
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                     QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter));
    writer.setTitle(m_player->lessonTitle());
    writer.setCreator(QStringLiteral("RoofLab"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "Could not write %1.")
                         .arg(QDir::toNativeSeparators(file));
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    PrintLook look(m_host->chart());
    StepWalk walk(m_host, m_player);
    const QRectF page(0, 0, writer.width(), writer.height());
    // Laid out like a 1600-pixel slide, drawn at the printer's resolution.
    const double unit = page.width() / 1600.0;
    for (int i = 0; i < lesson->steps.size(); ++i) {
        walk.go(i);
        if (i > 0)
            writer.newPage();
        paintSlide(&painter, page, unit, 1.4 * unit);
    }
    painter.end();
    return true;
}
